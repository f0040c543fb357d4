import type { Random } from './random';

/** Where the request claims to come from: mostly this origin, as the page's own script sends it. */
export function originHeaders(r: Random, baseUrl: string): { what: string; headers: Record<string, string> } {
  return r.weighted<{ what: string; headers: Record<string, string> }>([
    [60, { what: 'same-origin', headers: { 'sec-fetch-site': 'same-origin', origin: baseUrl } }],
    [10, { what: 'Origin only', headers: { origin: baseUrl } }],
    [8, { what: 'no Origin (not a browser)', headers: {} }],
    [5, { what: 'cross-origin', headers: { origin: 'https://evil.example' } }],
    [4, { what: 'Sec-Fetch-Site cross-site', headers: { 'sec-fetch-site': 'cross-site', origin: baseUrl } }],
    [3, { what: 'Origin null', headers: { origin: 'null' } }],
    [3, { what: 'X-Forwarded-Host forged', headers: { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' } }],
    [3, { what: 'Origin unparsable', headers: { origin: 'http://[::1' } }],
    [4, { what: 'Host forged', headers: { origin: 'https://evil.example', host: 'evil.example' } }],
  ]);
}

/** Forged client addresses: the guessing limits must count the peer, not what a client claims. */
export function forgedAddressHeaders(r: Random): Record<string, string> {
  if (!r.chance(0.25)) return {};
  const ip = () => `${r.int(256)}.${r.int(256)}.${r.int(256)}.${r.int(256)}`;
  return r.pick<Record<string, string>>([
    { 'x-forwarded-for': ip() },
    { 'x-forwarded-for': `${ip()}, ${ip()}, ${ip()}` },
    { 'x-forwarded-for': 'unknown, <script>, ::1, 999.999.999.999' },
    { 'x-forwarded-for': Array.from({ length: 200 }, ip).join(', ') },
    { 'x-real-ip': ip() },
    { forwarded: `for=${ip()};proto=https;host=evil.example` },
  ]);
}

export function contentType(r: Random): Record<string, string> {
  return r.weighted<Record<string, string>>([
    [80, { 'content-type': 'application/json' }],
    [4, {}],
    [4, { 'content-type': 'text/plain;charset=UTF-8' }],
    [3, { 'content-type': 'application/x-www-form-urlencoded' }],
    [3, { 'content-type': 'multipart/form-data; boundary=----x' }],
    [2, { 'content-type': 'application/json; charset=utf-16' }],
    [2, { 'content-type': 'application/json; charset=\u00ff' }],
    [2, { 'content-type': '*/*;;;===' }],
  ]);
}

// Plain JavaScript: server.mjs imports this before anything is compiled (see clientAddress.d.mts).

/** The request header through which server.mjs tells the app who the client is. */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';

/**
 * Set on globalThis by server.mjs. Without it (a plain `next start`) nothing strips a client's own
 * x-client-address, so the app must not believe the header, and lib/startup.ts stops a production start.
 */
export const EDGE_SERVER_MARK = Symbol.for('assessment-web.edge-server');

/**
 * Headers a reverse proxy sets about the original request. Without a trusted proxy in front they
 * can only come from the client, and Next would believe them (its server-action origin check reads
 * X-Forwarded-Host; it adds X-Forwarded-For only when absent).
 */
export const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'forwarded'];

/** Longer than any IPv6 address with a zone: whatever is longer is not an address. */
const MAX_ADDRESS_LENGTH = 64;

/** "::ffff:192.0.2.1" (IPv4 on a dual-stack socket) is the same client as "192.0.2.1". */
export function normalizeAddress(address) {
  const trimmed = (address ?? '').trim().slice(0, MAX_ADDRESS_LENGTH);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return (mapped ? mapped[1] : trimmed) || undefined;
}

/**
 * The client's address. With no trusted proxy (hops = 0) it is the socket's peer and nothing the
 * client sends. Behind `hops` reverse proxies, each appending the address it received the request
 * from to X-Forwarded-For, the peer is the nearest proxy and the client is the hops-th entry from
 * the right; entries further left were sent by the client and may be forged. A request with fewer
 * entries did not pass every proxy: the leftmost entry (else the peer) is the farthest hop known.
 */
export function clientAddressFrom(peer, forwardedFor, hops) {
  if (hops === 0) return normalizeAddress(peer);
  const joined = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const entries = joined.split(',').map((entry) => entry.trim()).filter(Boolean);
  const chosen = entries.length >= hops ? entries[entries.length - hops] : (entries[0] ?? peer);
  return normalizeAddress(chosen);
}

/** TRUST_PROXY_HOPS as lib/config/schema.ts validates it: an integer 0–10, unset or empty = 0. */
export function parseTrustedHops(value) {
  if (value === undefined || value === '') return 0;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    throw new Error('Invalid configuration: TRUST_PROXY_HOPS: must be an integer from 0 to 10');
  }
  return hops;
}

/**
 * Rewrites a Node request's headers before Next sees them: the client's own x-client-address is
 * dropped, the address decided here is set, and without trusted proxies the forwarding headers go.
 */
export function applyClientAddress(headers, peer, hops) {
  delete headers[CLIENT_ADDRESS_HEADER];
  const address = clientAddressFrom(peer, headers['x-forwarded-for'], hops);
  if (hops === 0) for (const name of FORWARDING_HEADERS) delete headers[name];
  if (address) headers[CLIENT_ADDRESS_HEADER] = address;
}

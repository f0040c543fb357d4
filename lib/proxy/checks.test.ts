import { EDGE_SERVER_MARK } from '@/lib/edge/clientAddress.mjs';
import { clientAddressOf, isFromOwnPage, isSameOrigin, readLimitedBody } from './checks';

type Marked = { [EDGE_SERVER_MARK]?: boolean };

describe('clientAddressOf', () => {
  afterEach(() => {
    delete (globalThis as Marked)[EDGE_SERVER_MARK];
    jest.restoreAllMocks();
  });

  it('reads the address server.mjs decided, never X-Forwarded-For or X-Real-IP', () => {
    (globalThis as Marked)[EDGE_SERVER_MARK] = true;
    const headers = new Headers({ 'x-client-address': '192.0.2.10', 'x-forwarded-for': '6.6.6.6', 'x-real-ip': '6.6.6.6' });
    expect(clientAddressOf(headers)).toBe('192.0.2.10');
    expect(clientAddressOf(new Headers({ 'x-forwarded-for': '6.6.6.6' }))).toBeUndefined();
  });

  it('without server.mjs believes no header (every client is the same unknown one) and warns once', () => {
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const forged = new Headers({ 'x-client-address': '6.6.6.6', 'x-forwarded-for': '6.6.6.7' });
    expect(clientAddressOf(forged)).toBeUndefined();
    expect(clientAddressOf(forged)).toBeUndefined();
    const warnings = stderr.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('client_address_unknown'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('server.mjs');
  });
});

describe('isSameOrigin', () => {
  it.each([
    // [headers, trusted hops, same origin?]
    // Sec-Fetch-Site same-origin with a foreign Origin: no browser sends it; refused like Next refuses it for actions.
    [{ 'sec-fetch-site': 'same-origin', origin: 'https://evil.example', host: 'app.example' }, 0, false],
    [{ 'sec-fetch-site': 'same-origin', origin: 'https://app.example', host: 'app.example' }, 0, true],
    [{ 'sec-fetch-site': 'same-origin', host: 'app.example' }, 0, true],
    [{ 'sec-fetch-site': 'cross-site' }, 0, false],
    [{ 'sec-fetch-site': 'same-site' }, 0, false],
    [{ host: 'app.example' }, 0, true],
    [{ host: 'app.example', origin: 'https://app.example' }, 0, true],
    [{ host: 'app.example', origin: 'https://evil.example' }, 0, false],
    [{ host: 'app.example', origin: 'null' }, 0, false],
    [{ host: 'app.example', origin: 'not a url' }, 0, false],
    // X-Forwarded-Host counts only behind trusted proxies
    [{ host: 'app.example', origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' }, 0, false],
    [{ host: 'internal:3000', origin: 'https://app.example', 'x-forwarded-host': 'app.example' }, 0, false],
    [{ host: 'internal:3000', origin: 'https://app.example', 'x-forwarded-host': 'app.example' }, 1, true],
    [{ host: 'internal:3000', origin: 'https://app.example', 'x-forwarded-host': 'app.example, internal:3000' }, 1, true],
    [{ host: 'internal:3000', origin: 'https://evil.example', 'x-forwarded-host': 'app.example' }, 1, false],
    [{ host: 'app.example', origin: 'https://app.example' }, 1, true],
  ])('%j with %i trusted hops → %s', (headers, hops, expected) => {
    expect(isSameOrigin(new Headers(headers), hops)).toBe(expected);
  });
});

/** Calls only the app's own pages make (the demo provider's checkout): an Origin of this host is required. */
describe('isFromOwnPage', () => {
  it.each([
    [{ host: 'app.example' }, 0, false],
    [{ 'sec-fetch-site': 'same-origin', host: 'app.example' }, 0, false],
    [{ host: 'app.example', origin: 'https://app.example' }, 0, true],
    [{ 'sec-fetch-site': 'same-origin', host: 'app.example', origin: 'https://app.example' }, 0, true],
    [{ host: 'app.example', origin: 'https://evil.example' }, 0, false],
    [{ 'sec-fetch-site': 'cross-site', host: 'app.example', origin: 'https://app.example' }, 0, false],
    [{ host: 'internal:3000', origin: 'https://app.example', 'x-forwarded-host': 'app.example' }, 1, true],
  ])('%j with %i trusted hops → %s', (headers, hops, expected) => {
    expect(isFromOwnPage(new Headers(headers), hops)).toBe(expected);
  });
});

describe('readLimitedBody', () => {
  const post = (body: BodyInit) => new Request('http://app.example/api/pageinfo', { method: 'POST', body, duplex: 'half' } as RequestInit);

  it('reads a body within the limit', async () => {
    expect(await readLimitedBody(post('{"a":1}'))).toBe('{"a":1}');
  });

  it('stops at the limit', async () => {
    expect(await readLimitedBody(post('x'.repeat(11)), 10)).toBe('too-large');
  });

  it('answers "aborted" when the client goes away mid-body, instead of throwing', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":'));
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    expect(await readLimitedBody(post(body))).toBe('aborted');
  });
});

import { applyClientAddress, clientAddressFrom, normalizeAddress, parseTrustedHops, untrustedProxyWarning } from './clientAddress.mjs';

describe('clientAddressFrom: the client is the peer, or the hops-th X-Forwarded-For entry from the right', () => {
  it.each([
    // hops = 0: the socket's peer, whatever the client wrote
    ['203.0.113.9', undefined, 0, '203.0.113.9'],
    ['203.0.113.9', '198.51.100.1', 0, '203.0.113.9'],
    ['203.0.113.9', '198.51.100.1, 192.0.2.7', 0, '203.0.113.9'],
    ['::ffff:127.0.0.1', '10.0.0.1', 0, '127.0.0.1'],
    ['2001:db8::1', undefined, 0, '2001:db8:0:0::/64'],
    // hops = 1: the peer is the proxy; the entry it appended is the client
    ['10.0.0.2', '198.51.100.1', 1, '198.51.100.1'],
    ['10.0.0.2', 'forged, 198.51.100.1', 1, '198.51.100.1'],
    ['10.0.0.2', '203.0.113.66,198.51.100.1', 1, '198.51.100.1'],
    ['10.0.0.2', ['forged', '198.51.100.1'], 1, '198.51.100.1'],
    // hops = 2: the outer proxy appended the client, the inner one appended the outer proxy
    ['10.0.0.3', 'forged, 198.51.100.1, 10.0.0.2', 2, '198.51.100.1'],
    ['10.0.0.3', '198.51.100.1, 10.0.0.2', 2, '198.51.100.1'],
    // fewer entries than proxies: the farthest hop known
    ['10.0.0.3', '198.51.100.1', 2, '198.51.100.1'],
    ['10.0.0.3', undefined, 1, '10.0.0.3'],
    ['10.0.0.3', ' , ', 1, '10.0.0.3'],
  ])('peer %s, X-Forwarded-For %j, %i hops → %s', (peer, forwardedFor, hops, expected) => {
    expect(clientAddressFrom(peer, forwardedFor, hops)).toBe(expected);
  });

  it('has no address when the socket has none and nothing is forwarded', () => {
    expect(clientAddressFrom(undefined, 'forged', 0)).toBeUndefined();
  });

  it('cuts a value too long to be an address', () => {
    expect(normalizeAddress('x'.repeat(500))).toHaveLength(64);
  });
});

describe('normalizeAddress: IPv4 as it is, IPv6 by its /64 (one subscriber holds a whole /64)', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    // full and compressed forms of addresses in one /64 are one client
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8:0:0::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:DB8:0:0:ffff:ffff:ffff:ffff', '2001:db8:0:0::/64'],
    // the next /64 is another client
    ['2001:db8:0:1::1', '2001:db8:0:1::/64'],
    ['::1', '0:0:0:0::/64'],
    // IPv4 mapped into IPv6 (a dual-stack socket) is the IPv4 client, in either notation
    ['::ffff:1.2.3.4', '1.2.3.4'],
    ['::FFFF:1.2.3.4', '1.2.3.4'],
    ['0:0:0:0:0:ffff:0102:0304', '1.2.3.4'],
    // a zone id names the interface, not the client
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['fe80::abcd:1%2', 'fe80:0:0:0::/64'],
    // not an address: kept as written
    ['2001:db8::1::2', '2001:db8::1::2'],
    ['::ffff:1.2.3.999', '::ffff:1.2.3.999'],
    ['1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7:8:9'],
    ['forged', 'forged'],
  ])('%s → %s', (address, expected) => {
    expect(normalizeAddress(address)).toBe(expected);
  });

  it('counts two X-Forwarded-For clients of one /64 as one', () => {
    expect(clientAddressFrom('10.0.0.2', '2001:db8:1:2::a', 1)).toBe(clientAddressFrom('10.0.0.2', '2001:db8:1:2:ffff::b', 1));
  });
});

describe('applyClientAddress: what Next gets to see', () => {
  const forged = () => ({
    host: 'app.example',
    'x-client-address': '6.6.6.6',
    'x-forwarded-for': '6.6.6.6',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
    'x-forwarded-port': '443',
    'x-real-ip': '6.6.6.6',
    forwarded: 'for=6.6.6.6',
  });

  it('without trusted proxies: the peer, and none of the forwarding headers a client could forge', () => {
    const headers: Record<string, string | undefined> = forged();
    applyClientAddress(headers, '::ffff:192.0.2.10', 0);
    expect(headers).toEqual({ host: 'app.example', 'x-client-address': '192.0.2.10' });
  });

  it('behind a proxy: the appended entry, and the proxy’s forwarding headers stay for Next', () => {
    const headers: Record<string, string | undefined> = forged();
    applyClientAddress(headers, '10.0.0.2', 1);
    expect(headers).toMatchObject({ 'x-client-address': '6.6.6.6', 'x-forwarded-host': 'evil.example', 'x-forwarded-for': '6.6.6.6' });
  });

  const TRACE_CONTEXT = {
    traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00',
    tracestate: 'vendor=chosen',
    baggage: 'user=chosen',
  };

  it('without trusted proxies: a client’s trace context is dropped, so it neither picks the trace id nor switches tracing off', () => {
    const headers: Record<string, string | undefined> = { host: 'app.example', ...TRACE_CONTEXT };
    applyClientAddress(headers, '192.0.2.10', 0);
    expect(headers).toEqual({ host: 'app.example', 'x-client-address': '192.0.2.10' });
  });

  it('behind a trusted proxy: its trace context stays, and the app’s spans continue its trace', () => {
    const headers: Record<string, string | undefined> = { host: 'app.example', 'x-forwarded-for': '192.0.2.10', ...TRACE_CONTEXT };
    applyClientAddress(headers, '10.0.0.2', 1);
    expect(headers).toMatchObject(TRACE_CONTEXT);
  });

  it('never passes on a client’s own x-client-address', () => {
    const headers: Record<string, string | undefined> = { 'x-client-address': '6.6.6.6' };
    applyClientAddress(headers, undefined, 0);
    expect(headers).toEqual({});
  });
});

describe('parseTrustedHops reads TRUST_PROXY_HOPS as lib/config does', () => {
  it.each([
    [undefined, 0],
    ['', 0],
    ['0', 0],
    ['2', 2],
    ['10', 10],
  ])('%j → %i', (value, hops) => expect(parseTrustedHops(value)).toBe(hops));

  it.each(['-1', '11', '1.5', 'two'])('refuses %j naming the variable', (value) => {
    expect(() => parseTrustedHops(value)).toThrow(/TRUST_PROXY_HOPS/);
  });
});

/** Behind a reverse proxy with TRUST_PROXY_HOPS=0 every client shares the proxy's address: the operator is told which setting to fix. */
describe('untrustedProxyWarning', () => {
  it.each([
    [{ 'x-forwarded-for': '203.0.113.9' }, 0, true],
    [{ forwarded: 'for=203.0.113.9' }, 0, true],
    [{ 'x-forwarded-for': '203.0.113.9' }, 1, false],
    [{}, 0, false],
    [{ 'x-real-ip': '203.0.113.9' }, 0, false],
  ])('%j with %i trusted hops → warns: %s', (headers, hops, warns) => {
    const warning = untrustedProxyWarning(headers, hops);
    expect(warning !== undefined).toBe(warns);
    if (warning) expect(warning).toMatchObject({ level: 'warn', event: 'proxy_not_trusted', reason: expect.stringContaining('TRUST_PROXY_HOPS') });
  });
});

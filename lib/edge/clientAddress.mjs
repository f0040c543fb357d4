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
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'forwarded'];
/**
 * A trace context (W3C Trace Context, and baggage that would travel with it) is a proxy's to give:
 * from a client it would choose the trace id the app's spans and log lines carry, or switch tracing
 * off for its own requests (sampled=0). Without a trusted proxy each request starts a trace of its own.
 */
const TRACE_CONTEXT_HEADERS = ['traceparent', 'tracestate', 'baggage'];

/** Longer than any IPv6 address with a zone: whatever is longer is not an address. */
const MAX_ADDRESS_LENGTH = 64;

/** The eight 16-bit groups of an IPv6 address (zone id dropped), or undefined when it is not one. */
function ipv6Groups(text) {
  let rest = text.split('%')[0];
  // A trailing dotted IPv4 part ("::ffff:192.0.2.1", "64:ff9b::192.0.2.1") is the last two groups.
  const dotted = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(rest);
  if (dotted) {
    const bytes = dotted.slice(2).map(Number);
    if (bytes.some((byte) => byte > 255)) return undefined;
    rest = `${dotted[1]}${((bytes[0] << 8) | bytes[1]).toString(16)}:${((bytes[2] << 8) | bytes[3]).toString(16)}`;
  }
  const halves = rest.split('::');
  if (halves.length > 2) return undefined;
  const split = (half) => (half === '' ? [] : half.split(':'));
  const head = split(halves[0]);
  const tail = halves.length === 2 ? split(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...Array(missing).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined;
  return groups.map((group) => parseInt(group, 16));
}

/**
 * The key the per-client limits count by. An IPv4 address is itself; so is an IPv4 address mapped
 * into IPv6 ("::ffff:192.0.2.1", from a dual-stack socket). An IPv6 address counts by its /64
 * prefix ("2001:db8:0:0::/64"): a single subscriber, even a single host, usually gets a whole /64
 * and may use any of its 2^64 addresses, so counting full addresses would give one guesser
 * unlimited fresh limits. Anything else (a forged X-Forwarded-For entry) is kept as written.
 */
export function normalizeAddress(address) {
  const trimmed = (address ?? '').trim().slice(0, MAX_ADDRESS_LENGTH);
  const groups = trimmed.includes(':') ? ipv6Groups(trimmed) : undefined;
  if (!groups) return trimmed || undefined;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
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
 * dropped, the address decided here is set, and without trusted proxies the forwarding headers and
 * any trace context go.
 */
/**
 * The warning for a request that came through a proxy no setting trusts: it carries X-Forwarded-For
 * (or Forwarded) while TRUST_PROXY_HOPS is 0, so every client behind that proxy counts as the
 * proxy's one address and shares its limits. Undefined when there is nothing to warn about.
 */
export function untrustedProxyWarning(headers, hops) {
  if (hops !== 0 || (headers['x-forwarded-for'] === undefined && headers.forwarded === undefined)) return undefined;
  return {
    level: 'warn',
    event: 'proxy_not_trusted',
    reason:
      'a request carried X-Forwarded-For while TRUST_PROXY_HOPS=0: behind a reverse proxy every client counts as the proxy\'s one address and shares its guessing and mail limits. Set TRUST_PROXY_HOPS to the number of proxies in front of the app',
  };
}

export function applyClientAddress(headers, peer, hops) {
  delete headers[CLIENT_ADDRESS_HEADER];
  const address = clientAddressFrom(peer, headers['x-forwarded-for'], hops);
  if (hops === 0) for (const name of [...FORWARDING_HEADERS, ...TRACE_CONTEXT_HEADERS]) delete headers[name];
  if (address) headers[CLIENT_ADDRESS_HEADER] = address;
}

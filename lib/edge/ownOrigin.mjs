/**
 * Where this server can reach itself: the embedded API's demo payments ask the app's own stand-in
 * of PayPal's Orders API (/api/paypal-demo) over loopback, as they would ask PayPal. server.mjs
 * records the address once it listens.
 */
export const OWN_ORIGIN_MARK = Symbol.for('assessment-web.own-origin');

/** From server.address(): a wildcard address is reached on loopback. */
export function ownOriginOf(address) {
  if (!address || typeof address !== 'object') return undefined;
  const host = address.address === '::' || address.address === '0.0.0.0' || !address.address ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

export function rememberOwnOrigin(address) {
  const origin = ownOriginOf(address);
  if (origin) globalThis[OWN_ORIGIN_MARK] = origin;
}

/** The recorded origin; without server.mjs (`next start`), port 3000 on loopback. */
export function ownOrigin() {
  return globalThis[OWN_ORIGIN_MARK] ?? 'http://127.0.0.1:3000';
}

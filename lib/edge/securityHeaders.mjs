// Plain JavaScript: next.config.mjs and server.mjs import this before anything is compiled (see securityHeaders.d.mts).

/**
 * The headers every answer carries, whoever writes it: Next adds them to every path (next.config.mjs
 * `headers()`), and server.mjs to the precompressed files it answers itself (lib/edge/precompressed.mjs).
 * One list. Next fixes its copy at build time (.next/routes-manifest.json) and server.mjs reads it at
 * start, so HSTS agrees when both run as production, as `npm run build` and `npm start` do; the
 * journey "the build's scripts and styles arrive as brotli …" compares the two answers header by header.
 */
export function securityHeaders(production) {
  return [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'same-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
    // Browsers ignore it over plain HTTP, so a local production start stays reachable.
    ...(production ? [{ key: 'Strict-Transport-Security', value: 'max-age=31536000' }] : []),
  ];
}

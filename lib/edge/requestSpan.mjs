// Plain JavaScript: server.mjs imports this before anything is compiled (see requestSpan.d.mts).
/**
 * Where the running tracing lives (lib/tracing/current.ts): lib/tracing/start.ts puts it on
 * globalThis when OTEL_EXPORTER_OTLP_ENDPOINT is set; nothing is there while tracing is off.
 */
export const TRACING_KEY = Symbol.for('assessment-web.tracing');

/**
 * Serves one request inside its request span, the root of its trace (lib/tracing/start.ts): from
 * the moment server.mjs has it to the last byte of the answer, Next's two passes over it
 * (middleware, then the render) and the refusals server.mjs answers itself alike. Without tracing
 * it only calls serve. Called after the client address is decided, which drops a trace context
 * that no trusted proxy sent (clientAddress.mjs).
 */
export function inRequestSpan(req, res, serve) {
  const tracing = globalThis[TRACING_KEY];
  return tracing ? tracing.serve(req, res, serve) : serve();
}

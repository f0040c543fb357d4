import { getConfig } from '@/lib/config';
import { embeddedApi } from '@/lib/embedded-api';
import { currentTracing, type SpanAttributes } from '@/lib/tracing/current';

export type TransportOptions = { clientAddress?: string };

export class EmbeddedUnavailableError extends Error {}

/** Where calls go: a real upstream's base URL, or (without one) the embedded API in-process. */
export type UpstreamTarget = { url?: string; timeoutMs: number };

/**
 * Sends one call's JSON: over HTTP to UPSTREAM_API_URL, or in-process to the embedded API with
 * exactly the request a network hop would carry. The answer comes back read in full, within the
 * time limit. Throws on transport failure or timeout.
 */
export function transport(path: string, body: string, options: TransportOptions = {}): Promise<Response> {
  const config = getConfig();
  return transportTo({ url: config.UPSTREAM_API_URL, timeoutMs: config.UPSTREAM_TIMEOUT_MS }, path, body, options);
}

/**
 * The same, to an upstream named by the caller rather than by the configuration: the contract
 * check (lib/upstream/contractCheck) sends its calls through here, so that they leave exactly as
 * the app's do.
 */
export function transportTo(upstream: UpstreamTarget, path: string, body: string, options: TransportOptions = {}): Promise<Response> {
  const tracing = currentTracing();
  if (!tracing) return transportOnce(upstream, path, body, options);
  // One span per call, named by the call (never its body), in-process or over HTTP.
  const attributes: SpanAttributes = upstream.url
    ? { 'upstream.call': path, 'upstream.transport': 'http', 'server.address': new URL(upstream.url).hostname, 'http.request.method': 'POST' }
    : { 'upstream.call': path, 'upstream.transport': 'embedded' };
  return tracing.inSpan(
    `upstream ${path}`,
    { kind: upstream.url ? 'client' : 'internal', attributes },
    async (span) => {
      // An HTTP upstream continues the trace (traceparent): its spans become children of this one.
      const traceHeaders: Record<string, string> = {};
      if (upstream.url) tracing.inject(traceHeaders);
      const response = await transportOnce(upstream, path, body, options, traceHeaders);
      span.set({ 'http.response.status_code': response.status });
      if (!response.ok) span.fail(String(response.status));
      return response;
    },
    (error) => (error instanceof EmbeddedUnavailableError ? 'no-database' : isTimeout(error) ? 'timeout' : 'unreachable'),
  );
}

/** Whether a transport error is the time limit's (UPSTREAM_TIMEOUT_MS) rather than a failed connection. */
export function isTimeout(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

async function transportOnce(upstream: UpstreamTarget, path: string, body: string, options: TransportOptions, traceHeaders: Record<string, string> = {}): Promise<Response> {
  const headers: Record<string, string> = { ...traceHeaders, 'content-type': 'application/json', accept: 'application/json, text/plain' };
  if (options.clientAddress) headers['x-forwarded-for'] = options.clientAddress;
  // A timer of our own, cleared as soon as the answer is in. AbortSignal.timeout's stays armed for
  // the whole UPSTREAM_TIMEOUT_MS after the call, and a timer keeps the request it was made in
  // reachable (its async context holds the page's whole render state): under load that held every
  // request of the last 15 s, about 100 MB of heap (npm run bench:memory).
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('no answer in time', 'TimeoutError')), upstream.timeoutMs);
  try {
    return await readInFull(await send(upstream.url, path, body, headers, controller.signal));
  } finally {
    clearTimeout(timer);
  }
}

async function send(url: string | undefined, path: string, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<Response> {
  if (url) {
    const base = url.replace(/\/+$/, '');
    return fetch(`${base}/${path}`, { method: 'POST', body, headers, signal, redirect: 'error', cache: 'no-store' });
  }
  let api;
  try {
    api = await embeddedApi();
  } catch (error) {
    throw new EmbeddedUnavailableError(error instanceof Error ? error.message : String(error));
  }
  const request = new Request(`http://embedded.invalid/${path}`, { method: 'POST', body, headers, signal });
  let onAbort: (() => void) | undefined;
  try {
    return await Promise.race([
      api.handle(request),
      new Promise<never>((_, reject) => {
        onAbort = () => reject(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

/** The answer with its body read while the time limit still runs (a body that comes too late is a timeout); an error's body is not wanted. */
async function readInFull(response: Response): Promise<Response> {
  const init = { status: response.status, statusText: response.statusText, headers: response.headers };
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return new Response(null, init);
  }
  return new Response(await response.arrayBuffer(), init);
}

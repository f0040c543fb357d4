import { getConfig } from '@/lib/config';
import { embeddedApi } from '@/lib/embedded-api';

export type TransportOptions = { clientAddress?: string };

export class EmbeddedUnavailableError extends Error {}

/**
 * Sends one call's JSON: over HTTP to UPSTREAM_API_URL, or in-process to the embedded API with
 * exactly the request a network hop would carry. Throws on transport failure or timeout.
 */
export async function transport(path: string, body: string, options: TransportOptions = {}): Promise<Response> {
  const config = getConfig();
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/plain' };
  if (options.clientAddress) headers['x-forwarded-for'] = options.clientAddress;
  const signal = AbortSignal.timeout(config.UPSTREAM_TIMEOUT_MS);
  if (config.UPSTREAM_API_URL) {
    const base = config.UPSTREAM_API_URL.replace(/\/+$/, '');
    return fetch(`${base}/${path}`, { method: 'POST', body, headers, signal, redirect: 'error', cache: 'no-store' });
  }
  let api;
  try {
    api = await embeddedApi();
  } catch (error) {
    throw new EmbeddedUnavailableError(error instanceof Error ? error.message : String(error));
  }
  const request = new Request(`http://embedded.invalid/${path}`, { method: 'POST', body, headers, signal });
  return await Promise.race([
    api.handle(request),
    new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
  ]);
}

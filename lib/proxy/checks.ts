import type { z } from 'zod';
import { CLIENT_ADDRESS_HEADER, EDGE_SERVER_MARK } from '@/lib/edge/clientAddress.mjs';
import { isSameOriginRequest } from '@/lib/edge/sameOrigin.mjs';
import { logOnce } from '@/lib/log/once';

export const BODY_LIMIT_BYTES = 256 * 1024;

/** Same origin by the one rule (lib/edge/sameOrigin.mjs); X-Forwarded-Host counts only behind trusted proxies. */
export function isSameOrigin(headers: Headers, trustedHops: number): boolean {
  return isSameOriginRequest((name) => headers.get(name) ?? undefined, trustedHops > 0);
}

/**
 * Same origin, said by the browser: an Origin of this host is required. For calls that only a page
 * of this app ever makes (the demo provider's checkout), where "no Origin" means a script, not a
 * form another site could post.
 */
export function isFromOwnPage(headers: Headers, trustedHops: number): boolean {
  return headers.has('origin') && isSameOrigin(headers, trustedHops);
}

/**
 * Reads at most limit bytes; a larger body is not read to the end. 'aborted' when the client goes
 * away before the end (the refusal that follows reaches no one; it must not be an unhandled error).
 */
export async function readLimitedBody(request: Request, limit = BODY_LIMIT_BYTES): Promise<string | 'too-large' | 'aborted'> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) return 'too-large';
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      return 'aborted';
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return 'too-large';
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Names the first offending field, so a developer or QA engineer sees what to fix. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'body is invalid';
  if (issue.code === 'unrecognized_keys') return `unknown field ${issue.keys.map((k) => `'${k}'`).join(', ')}`;
  const where = issue.path.length ? issue.path.join('.') : 'body';
  return `${where}: ${issue.message}`;
}

/**
 * The participant's address, as server.mjs decided it from the socket and TRUST_PROXY_HOPS
 * (lib/edge/clientAddress.mjs). Started without server.mjs, nothing vouches for the header, which
 * the client could have sent itself: then every request counts as one and the same unknown client
 * and a warning says so once. Only a development start gets this far: lib/startup.ts stops a
 * production start without server.mjs.
 */
export function clientAddressOf(headers: Headers): string | undefined {
  const holder = globalThis as { [EDGE_SERVER_MARK]?: boolean };
  if (holder[EDGE_SERVER_MARK]) return headers.get(CLIENT_ADDRESS_HEADER) ?? undefined;
  logOnce('client-address-unknown', 'warn', 'client_address_unknown', {
    reason: 'not started through server.mjs: every client shares one guessing limit; use npm start (node server.mjs)',
  });
  return undefined;
}

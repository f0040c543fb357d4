import type { z } from 'zod';

export const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * Browsers send Sec-Fetch-Site or Origin with every POST; either must say same origin. A client
 * that sends neither is no browser, so no other site can be riding on its cookies.
 */
export function isSameOrigin(headers: Headers): boolean {
  const site = headers.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = headers.get('origin');
  if (!origin) return true;
  const host = headers.get('x-forwarded-host') ?? headers.get('host');
  try {
    return origin !== 'null' && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Reads at most limit bytes; a larger body is not read to the end. */
export async function readLimitedBody(request: Request, limit = BODY_LIMIT_BYTES): Promise<string | 'too-large'> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) return 'too-large';
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return 'too-large';
    }
    chunks.push(value);
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
 * The participant's address. Next's server appends the socket's address to X-Forwarded-For, so the
 * last entry is the peer; behind trusted reverse proxies (TRUST_PROXY_HOPS) the client sits that
 * many entries further left. Entries further left still could be forged by the client.
 */
export function clientAddressOf(headers: Headers, trustedHops = 0): string | undefined {
  const entries = (headers.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const chosen = entries[Math.max(0, entries.length - 1 - trustedHops)];
  return chosen ?? headers.get('x-real-ip') ?? undefined;
}

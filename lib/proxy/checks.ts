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

/** The participant's address as the nearest proxy (Next's own server) saw it. */
export function clientAddressOf(headers: Headers): string | undefined {
  const forwarded = headers.get('x-forwarded-for');
  const last = forwarded?.split(',').map((s) => s.trim()).filter(Boolean).pop();
  return last ?? headers.get('x-real-ip') ?? undefined;
}

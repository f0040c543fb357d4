import { StatusCode } from '@/lib/api/codes';
import type { AppConfig } from '@/lib/config';
import { imageFingerprint, imageFromBase64, imageSha256, mediaTypeOf } from '@/lib/content/images';
import { IMAGE_KEY_PATTERN } from '@/lib/content/questionnaire';
import { decodeClaims } from '@/lib/session/claims';
import { cookieConfigOf } from '@/lib/session/cookieSecurity';
import { parseCookieHeader, readSessionCookie } from '@/lib/session/cookies';
import { sendCall } from '@/lib/upstream/client';
import { ifNoneMatchNames } from '@/lib/edge/ifNoneMatch.mjs';
import { clientAddressOf } from './checks';
import { refuse } from './refusal';

export type ImageDeps = { config: AppConfig; send?: typeof sendCall };

/** A year: the address changes with the image's bytes, so what it names never changes. */
const LONG = 'private, max-age=31536000, immutable';
/** Without the right fingerprint in the address the browser asks again each time (and gets a 304). */
const REVALIDATE = 'private, no-cache';

function failed(status: 502 | 504, error: string): Response {
  return new Response(JSON.stringify({ statusCode: StatusCode.Exception, detailCode: 0, error }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * GET /questionnaire-image/<imageKey>: a question's image for the browser, as a real image
 * response, fetched through the one upstream client with the session's token (spec §7 loadImage,
 * whose answer is base64 text). The page never carries the image inline: it comes after the first
 * paint and is cached. Only raster types whose bytes say so are served (never SVG), and nothing
 * goes to a visitor whose session has no token; the upstream decides whose image it is.
 */
export async function handleImage(request: Request, imageKey: string, deps: ImageDeps): Promise<Response> {
  const { config } = deps;
  const send = deps.send ?? sendCall;
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, `method ${request.method} is not allowed; use GET`, { allow: 'GET, HEAD' });
  if (!IMAGE_KEY_PATTERN.test(imageKey)) return refuse(404, 'no image of this key');
  // SameSite=Lax keeps the session cookie off other sites' <img> already; this says so plainly.
  if (request.headers.get('sec-fetch-site') === 'cross-site') return refuse(403, 'cross-site request refused');
  const cookies = parseCookieHeader(request.headers.get('cookie'));
  const session = readSessionCookie((name) => cookies.get(name), cookieConfigOf(config, request.headers));
  if (!session?.token) return refuse(403, 'no session: sign in first');

  const body = {
    category: imageKey,
    token: session.token,
    uiLanguage: session.uiLanguage,
    questionnaireLanguage: session.questionnaireLanguage,
    product: decodeClaims(session.token).product,
  };
  const { response, failure } = await send('loadImage', body, { clientAddress: clientAddressOf(request.headers) });
  if (failure === 'not-available') return refuse(404, "call 'loadImage' is not available");
  if (failure === 'timeout') return failed(504, 'the upstream did not answer in time');
  if (failure) return failed(502, 'the upstream did not answer');
  if (typeof response !== 'string') {
    const status = (response as { statusCode?: number }).statusCode;
    return status === StatusCode.NoRecordset ? refuse(404, 'no image of this key') : refuse(403, 'this image is not yours to see');
  }
  const bytes = imageFromBase64(response);
  const mediaType = bytes && mediaTypeOf(bytes);
  if (!bytes || !mediaType) return failed(502, 'the upstream’s image is no PNG, JPEG, GIF or WebP');

  const fingerprint = imageFingerprint(imageSha256(bytes));
  const etag = `"${fingerprint}"`;
  const asked = new URL(request.url).searchParams.get('v');
  const headers = new Headers({
    'cache-control': asked === fingerprint ? LONG : REVALIDATE,
    etag,
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'content-security-policy': "default-src 'none'; sandbox",
  });
  if (ifNoneMatchNames(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  headers.set('content-type', mediaType);
  headers.set('content-length', String(bytes.length));
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(bytes), { status: 200, headers });
}

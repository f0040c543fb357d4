import { CALL_PATHS, CALLS, type CallPath } from '@/lib/api/catalogue';
import { fuzzBody, type FuzzBody } from './bodies';
import { contentType, forgedAddressHeaders, originHeaders } from './headers';
import type { FuzzRequest } from './http';
import type { Random } from './random';
import { abbreviate } from './http';
import type { Visitor } from './sessions';

const ODD_METHODS = ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'MKCOL', 'SEARCH', 'PURGE'];

/** Calls whose valid body would change a demo row for good: the fuzz sends them only where they are refused. */
const FINISHING: CallPath[] = ['submit/finishassessment'];

/** Paths next to the catalogue's: unknown, encoded, re-cased, traversing. */
function oddPath(path: string, r: Random): string {
  return r.pick([
    `${path}/`,
    `${path}/extra`,
    path.toUpperCase(),
    path.replaceAll('/', '%2F'),
    path.replaceAll('/', '//'),
    `${path}%00`,
    `${path}%ff`,
    `${path}%c0%af`,
    `%${path}`,
    `${path}/..%2F..%2Fhealth`,
    `../${path}`,
    `${path};jsessionid=1`,
    `${path}?category=x&token=stolen`,
    '__proto__',
    'constructor/prototype',
    'health/../pageinfo',
    'submit/kodekodex/logout',
    '',
    '%',
    'x'.repeat(3000),
  ]);
}

/**
 * One request to the proxy: a catalogue path, a visitor state and a fuzzed body. Half of them come
 * as the page's own script sends them (same origin, valid XSRF, JSON), so that the bodies reach the
 * contract and the upstream; the other half vary the envelope (origin, XSRF, cookies, method, path).
 */
export function apiRequest(r: Random, visitors: Visitor[], baseUrl: string): FuzzRequest {
  const path = r.pick(CALL_PATHS);
  const inPage = r.chance(0.5);
  const withSession = visitors.filter((v) => v.cookie);
  const visitor = inPage ? r.pick(withSession) : r.weighted<Visitor>(visitors.map((v) => [v.name === 'anonymous' ? 1 : v.name === 'visitor' ? 2 : 3, v]));
  const urlPath = !inPage && r.chance(0.15) ? oddPath(path, r) : path;
  const method = inPage || r.chance(0.8) ? 'POST' : r.pick(ODD_METHODS);
  const origin = inPage ? { what: 'as the page sends it', headers: { 'sec-fetch-site': 'same-origin', origin: baseUrl } } : originHeaders(r, baseUrl);
  const headers: Record<string, string> = { ...origin.headers, ...(inPage ? { 'content-type': 'application/json' } : contentType(r)), ...forgedAddressHeaders(r) };
  const notes = [visitor.name, origin.what];

  let cookie = visitor.cookie;
  const xsrfVariant = inPage ? 'valid' : r.weighted<string>([[60, 'valid'], [8, 'missing'], [8, 'wrong'], [8, 'another session’s'], [8, 'empty'], [8, 'cookie dropped']]);
  let xsrf: string | undefined = visitor.xsrf;
  if (xsrfVariant === 'missing') xsrf = undefined;
  if (xsrfVariant === 'wrong') xsrf = `${r.string(22)}.${r.string(43)}`;
  if (xsrfVariant === 'another session’s') xsrf = r.pick(visitors).xsrf;
  if (xsrfVariant === 'empty') xsrf = '';
  if (xsrfVariant === 'cookie dropped') cookie = cookie.split('; ').filter((c) => !c.startsWith('XSRF-TOKEN=')).join('; ');
  if (FINISHING.includes(path) && visitor.xsrf && visitor.name !== 'visitor') {
    xsrf = undefined;
    notes.push('without XSRF: the fuzz never finishes');
  } else if (xsrfVariant !== 'valid') notes.push(`XSRF ${xsrfVariant}`);
  if (xsrf !== undefined) headers['x-xsrf-token'] = xsrf;
  if (!inPage && r.chance(0.08)) {
    cookie = `${cookie}; ${r.pick(['=', 'a', '__Host-session=garbage', 'XSRF-TOKEN=%zz', `junk=${'j'.repeat(4000)}`, 'session=; session=x'])}`;
    notes.push('odd cookie');
  }
  if (cookie) headers.cookie = cookie;

  const body = method === 'GET' || method === 'HEAD' ? undefined : fuzzBody(CALLS[path].request as never, r);
  if (body) notes.push(body.what);
  if (body && r.chance(0.05)) {
    headers['transfer-encoding'] = 'chunked';
    notes.push('chunked');
  }
  return { label: `api ${method} ${abbreviate(`/api/${urlPath}`)}: ${notes.join(', ')}`, method, path: `/api/${urlPath}`, headers, ...(body && { body: body.bytes }) };
}

/** A call exactly as the page's own script sends it, with the given body. */
export function pageScriptCall(visitor: Visitor, path: string, body: FuzzBody, baseUrl: string, extraHeaders: Record<string, string> = {}): FuzzRequest {
  const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', origin: baseUrl, 'content-type': 'application/json', ...extraHeaders };
  if (visitor.xsrf) headers['x-xsrf-token'] = visitor.xsrf;
  if (visitor.cookie) headers.cookie = visitor.cookie;
  return { label: `api POST ${abbreviate(`/api/${path}`)}: ${visitor.name}, as the page sends it, ${body.what}`, method: 'POST', path: `/api/${path}`, headers, body: body.bytes };
}

import path from 'node:path';
import type { FuzzRequest, FuzzResponse } from './http';

/**
 * What must never be in an answer: a stack frame, an error's own text, or a path of the machine.
 * Each pattern carries the name the report uses.
 */
export function leakPatterns(extraPaths: string[]): Array<[string, RegExp]> {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [
    ['a stack frame', /\bat (?:async )?[\w$.<>[\] ]*\(?(?:file:\/\/|node:|\/)[^\s)]*:\d+:\d+\)?/],
    ['an error message ("Error:")', /\b(?:[A-Z][a-z]*)?Error: /],
    // Turbopack compiles Next's process polyfill with the placeholder root "/ROOT/node_modules/…"
    // (o.ab in a shared chunk): no path of this machine, the same in every build.
    ['/node_modules/', /(?<!\/ROOT)\/node_modules\//],
    ['a path under /work/', /\/work\//],
    ['a server build path', /\.next\/server\b|webpack-internal:|turbopack:\/\//],
    ...[...new Set([process.cwd(), ...extraPaths].map((p) => path.resolve(p)))].map((p): [string, RegExp] => [`the path ${p}`, new RegExp(escape(p))]),
  ];
}

/** Problems with one answer; an empty list means it passes. */
export function judge(response: FuzzResponse, patterns: Array<[string, RegExp]>, request?: FuzzRequest): string[] {
  if (response.status === 'aborted' || response.status === 'closed while uploading') return [];
  const problems: string[] = [];
  if (response.status === 0) problems.push(`no answer (${response.error ?? 'unknown'})`);
  else if (response.status >= 500) problems.push(`HTTP ${response.status}`);
  else if (response.error) problems.push(response.error);
  // The Exception outcome means the upstream failed or threw: bad input must be refused before that.
  if (request?.path.startsWith('/api/') && /"statusCode"\s*:\s*13\b/.test(response.body)) problems.push('the Exception outcome (statusCode 13) in the answer');
  const location = String(response.headers.location ?? '');
  if (/^(?:https?:\/\/[^/]+)?\/error\?(?:.*&)?statusCode=13\b/.test(location) && !request?.path.includes('statusCode=13')) problems.push(`a redirect to the error page with the Exception outcome (${location.slice(0, 120)})`);
  // The proxy keeps the upstream token in the cookie; page JavaScript must never see it.
  if (request?.path.startsWith('/api/') && /"token"\s*:\s*"[^"]/.test(response.body)) problems.push('a token in the answer of the proxy');
  for (const [name, pattern] of patterns) {
    const match = pattern.exec(response.body);
    if (match) {
      const start = Math.max(0, match.index - 60);
      problems.push(`${name} in the body: …${response.body.slice(start, match.index + match[0].length + 60).replace(/\s+/g, ' ')}…`);
    }
  }
  return problems;
}

/** A coarse name for what a failing request did, so that a report groups failures by cause. */
export function failureClass(request: FuzzRequest): string {
  const header = (name: string) => Object.entries(request.headers).find(([key]) => key.toLowerCase() === name)?.[1];
  const target = request.path.split('?')[0] ?? '';
  let malformed = false;
  try {
    decodeURIComponent(target);
  } catch {
    malformed = true;
  }
  if (request.method === 'POST' && String(header('content-type') ?? '').startsWith('multipart/') && header('next-action') === undefined && !request.path.startsWith('/api/')) return 'a multipart form post to a page';
  if (header('next-action') !== undefined) return `server action POST${header('origin') === 'https://evil.example' || header('host') !== undefined || header('x-forwarded-host') !== undefined ? ' (cross-origin or forged host)' : ''}`;
  if (header('next-router-state-tree') !== undefined) return 'an RSC request with a Next-Router-State-Tree header';
  if (malformed) return 'malformed percent-encoding in the path';
  if (/^\/(?:logo\.svg|favicon\.ico|robots\.txt)(?:\?|$)/.test(request.path) && request.method !== 'GET' && request.method !== 'HEAD') return `${request.method} to a public file`;
  if (!['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].includes(request.method)) return `method ${request.method}`;
  return `${request.label.split(' ')[0]} ${request.method}`;
}

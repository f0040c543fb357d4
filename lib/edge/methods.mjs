// Plain JavaScript: server.mjs imports this before anything is compiled (see methods.d.mts).
import fs from 'node:fs';
import path from 'node:path';
import { pathOf } from './requestPath.mjs';

/**
 * The methods Next's request handling can represent. Node's parser accepts more (TRACE, TRACK,
 * CONNECT, PROPFIND, …); Next turns the request into a WHATWG Request, which throws for the
 * forbidden ones, and answers a 500 before any code of ours runs.
 */
const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

const READ_ONLY = 'GET, HEAD';
/** What pages (GET, and POST for server actions) and the API (POST, GET /api/health) answer between them. */
const ANSWERED = 'GET, HEAD, POST';

/**
 * Every file under public/ as the path it is served at ("/logo.svg"). Read once at start: Next
 * serves exactly the files that were there when it started.
 */
export function publicFilePaths(publicDir) {
  const paths = new Set();
  const walk = (dir, prefix) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      else if (entry.isFile()) paths.add(`${prefix}${entry.name}`);
    }
  };
  walk(publicDir, '/');
  return paths;
}

/** Files Next serves as they are (public/, the build's /_next/ assets): nothing to post, put or delete. */
export function isStaticPath(url, publicFiles) {
  const target = pathOf(url);
  if (target.startsWith('/_next/')) return true;
  try {
    return publicFiles.has(decodeURIComponent(target));
  } catch {
    return false;
  }
}

/**
 * The methods a request target does not accept, as {allow} for a 405, or undefined when the method
 * is for Next to judge: any method Next cannot represent, and anything but GET and HEAD on a file.
 */
export function methodRefusal(method, url, publicFiles) {
  const file = isStaticPath(url, publicFiles);
  if (!KNOWN_METHODS.includes(method)) return { allow: file ? READ_ONLY : ANSWERED };
  if (file && method !== 'GET' && method !== 'HEAD') return { allow: READ_ONLY };
  return undefined;
}

// Plain JavaScript: next.config.mjs, server.mjs and the build's scripts import this before anything is compiled (see build.d.mts).
import fs from 'node:fs';
import path from 'node:path';
import { parseBasePath } from './basePath.mjs';

/**
 * Where a build lives and what it was built for. NEXT_DIST_DIR names the build's folder (Next's
 * distDir; '.next' by default), so that a second build, under a base path, can sit beside the first
 * (the journeys under /assessment use one). server.mjs, lib/scripts/precompress.mjs and
 * lib/scripts/bundle-admin.mjs follow it as `next build` does.
 */

/** The build folder NEXT_DIST_DIR names: a plain relative folder name, '.next' when unset. Throws naming the problem. */
export function distDirOf(value) {
  if (value === undefined || value === '') return '.next';
  if (!/^[A-Za-z0-9._-]+$/.test(value) || value === '.' || value === '..') {
    throw new Error(`NEXT_DIST_DIR '${value}' is not a build folder: a folder name in the app's folder (letters, digits, '.', '_', '-'), e.g. .next-assessment`);
  }
  return value;
}

/** The base path a build was made for, from its routes manifest ('' without one). Throws when the folder holds no build. */
export function builtBasePath(distPath) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distPath, 'routes-manifest.json'), 'utf8'));
  return typeof manifest.basePath === 'string' ? manifest.basePath : '';
}

/**
 * The base path a production start runs under: the build's. BASE_PATH may be left unset; set to
 * anything else, the start is refused (Error), as links, cookies and assets would not match.
 */
export function startBasePath(envValue, built) {
  const wanted = envValue === undefined || envValue === '' ? built : parseBasePath(envValue);
  if (wanted !== built) {
    throw new Error(`BASE_PATH is '${envValue}' but the build was made for ${built ? `'${built}'` : 'no base path'}: build again with BASE_PATH=${envValue} (npm run build), or start with ${built ? `BASE_PATH=${built}` : 'BASE_PATH unset'}`);
  }
  return built;
}

// Preloaded into a server a journey starts (NODE_OPTIONS=--import=<this file>, LOADED_MODULES_FILE=<file>):
// what of OpenTelemetry and prom-client the process loaded, and what registered itself with OpenTelemetry, written when it exits.
import fs from 'node:fs';
import { createRequire, register } from 'node:module';

const file = process.env.LOADED_MODULES_FILE;
const PACKAGES = ['/node_modules/@opentelemetry/', '/node_modules/prom-client/'];
const watched = (path) => PACKAGES.some((folder) => path.includes(folder));

if (file) {
  fs.writeFileSync(`${file}.imports`, '');
  // Modules loaded by import (Next loads packages of serverExternalPackages so): seen by a resolve hook.
  const hooks = `
    import fs from 'node:fs';
    let file;
    export function initialize(data) { file = data.file; }
    export async function resolve(specifier, context, next) {
      const resolved = await next(specifier, context);
      if (${JSON.stringify(PACKAGES)}.some((folder) => resolved.url.includes(folder))) fs.appendFileSync(file, resolved.url + '\\n');
      return resolved;
    }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: { file: `${file}.imports` } });
  // Modules loaded by require, and what registered itself with the OpenTelemetry API (a tracer provider, a context manager).
  const required = createRequire(import.meta.url).cache;
  process.on('exit', () => {
    const imported = fs.readFileSync(`${file}.imports`, 'utf8').split('\n').filter(Boolean);
    const registered = globalThis[Symbol.for('opentelemetry.js.api.1')];
    fs.writeFileSync(file, JSON.stringify({
      loaded: [...new Set([...Object.keys(required).filter(watched), ...imported])],
      registered: Object.keys(registered ?? {}).filter((key) => key !== 'version'),
    }));
  });
}

// Part of `npm run build`: the admin command line as one JavaScript file (.next/admin-cli.mjs, in the
// build's folder NEXT_DIST_DIR names: lib/edge/build.mjs), so
// that a production install (`npm ci --omit=dev`, no tsx) runs it too. Packages stay outside the
// bundle: PGlite finds its WebAssembly beside its own files, and the install provides them.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { distDirOf } from '../edge/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN_BUNDLE = path.join(root, distDirOf(process.env.NEXT_DIST_DIR), 'admin-cli.mjs');

await build({
  entryPoints: [path.join(root, 'lib/admin/cli.ts')],
  outfile: ADMIN_BUNDLE,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: path.join(root, 'tsconfig.json'),
  logLevel: 'warning',
  legalComments: 'none',
});

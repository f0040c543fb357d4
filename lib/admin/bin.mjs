#!/usr/bin/env node
// The admin command line (`npm run admin -- <command>`, or `npx assessment-admin <command>`).
// In a checkout with the development packages it runs the TypeScript sources through tsx, so an
// edit counts at once. A production install has no tsx: it runs the bundle `npm run build` wrote
// (.next/admin-cli.mjs, by lib/scripts/bundle-admin.mjs; in NEXT_DIST_DIR's folder when it names one).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { distDirOf } from '../edge/build.mjs';

let bundle;
try {
  bundle = fileURLToPath(new URL(`../../${distDirOf(process.env.NEXT_DIST_DIR)}/admin-cli.mjs`, import.meta.url));
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

function hasTsx() {
  try {
    createRequire(import.meta.url).resolve('tsx/esm/api');
    return true;
  } catch {
    return false;
  }
}

async function loadMain() {
  if (hasTsx()) {
    // Both of tsx's hooks are registered (as its own CLI does): the sources load as CommonJS, and
    // their dynamic imports (PGlite, pg) must resolve as from a file, which tsImport's data: URLs cannot.
    process.env.TSX_TSCONFIG_PATH = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));
    (await import('tsx/cjs/api')).register();
    (await import('tsx/esm/api')).register();
    const loaded = await import(new URL('./cli.ts', import.meta.url).href);
    return (loaded.default ?? loaded).main;
  }
  if (!existsSync(bundle)) {
    process.stderr.write(`The admin command line is built by \`npm run build\` (${bundle} is missing).\n`);
    process.exit(1);
  }
  return (await import(bundle)).main;
}

const main = await loadMain();
process.exitCode = await main(process.argv.slice(2));

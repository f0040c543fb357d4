#!/usr/bin/env node
// The admin command line (`npm run admin -- <command>`, or `npx assessment-admin <command>`).
// It runs the TypeScript sources through tsx with the repository's tsconfig paths, from any folder.
// Both of tsx's hooks are registered (as its own CLI does): the sources load as CommonJS, and their
// dynamic imports (PGlite, pg) must resolve as from a file, which tsImport's data: URLs cannot.
import { fileURLToPath } from 'node:url';

process.env.TSX_TSCONFIG_PATH = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));
(await import('tsx/cjs/api')).register();
(await import('tsx/esm/api')).register();
const load = async (file) => {
  const loaded = await import(new URL(file, import.meta.url).href);
  return loaded.default ?? loaded;
};
const { runAdmin } = await load('./main.ts');
const { cliIo } = await load('./io.ts');
process.exitCode = await runAdmin(process.argv.slice(2), cliIo());

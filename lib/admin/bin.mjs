#!/usr/bin/env node
// The admin command line (`npm run admin -- <command>`, or `npx assessment-admin <command>`).
// It runs the TypeScript sources through tsx with the repository's tsconfig paths, from any folder.
import { fileURLToPath } from 'node:url';

process.env.TSX_TSCONFIG_PATH = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));
const { tsImport } = await import('tsx/esm/api');
const { runAdmin } = await tsImport('./main.ts', import.meta.url);
const { cliIo } = await tsImport('./io.ts', import.meta.url);
process.exitCode = await runAdmin(process.argv.slice(2), cliIo());

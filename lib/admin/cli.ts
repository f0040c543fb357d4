import path from 'node:path';
import { runInApp } from './channel/client';
import { adminSocketPath } from './channel/socket';
import { cliIo } from './io';
import { runAdmin } from './main';
import { readEnv } from '@/lib/config';

/** The PGlite folder the settings name; undefined on PostgreSQL, or when a setting is wrong (the local run names it). */
function pgliteFolderOf(env: Record<string, string | undefined>): string | undefined {
  try {
    const settings = readEnv(env);
    return settings.DATABASE_URL ? undefined : path.resolve(settings.DATA_DIR);
  } catch {
    return undefined;
  }
}

/**
 * The command line's entry, bundled by lib/scripts/bundle-admin.mjs and run from lib/admin/bin.mjs.
 * On PGlite a running app holds the data folder: the command goes to it over its admin socket
 * (lib/admin/channel) and prints what the app's run of it prints. With the app stopped, or on
 * PostgreSQL, the command runs here as it always did.
 */
export async function main(argv: string[]): Promise<number> {
  const io = cliIo();
  const asksForHelp = argv.length === 0 || argv.some((arg) => ['--help', '-h', 'help'].includes(arg));
  const dataDir = asksForHelp ? undefined : pgliteFolderOf(io.env);
  if (dataDir) {
    const ran = await runInApp(adminSocketPath(dataDir), argv, io, process.cwd());
    if (ran !== 'no app') return ran;
  }
  return runAdmin(argv, io);
}

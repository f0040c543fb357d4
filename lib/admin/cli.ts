import { cliIo } from './io';
import { runAdmin } from './main';

/** The command line's entry, bundled by lib/scripts/bundle-admin.mjs and run from lib/admin/bin.mjs. */
export async function main(argv: string[]): Promise<number> {
  return runAdmin(argv, cliIo());
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * An empty PGlite cluster, dumped once per PGlite version on this machine, for tests: a database
 * that starts from it skips initdb, which takes 3 s of a busy core each time and ran hundreds of
 * times a run (test databases, and every server a test starts on a fresh folder). The migrations
 * and the demo data are still applied as on any start. Written under a name of its own and
 * renamed, so that processes making it at once never read half of one.
 */
let dump: Promise<Blob> | undefined;
export function emptyCluster(): Promise<Blob> {
  return (dump ??= loadOrMake());
}

/**
 * Tests only: TEST_PGLITE_FROM_DUMP=on lets a new PGlite folder start from emptyCluster() instead
 * of initdb. The test runners set it for the servers they start (playwright.config.ts, jest.setup.ts);
 * an operator's server never reads a file from the temporary folder into its database.
 */
// eslint-disable-next-line no-restricted-properties -- a test-only setting, never set by an operator
export const testsStartFromDump = (): boolean => process.env.TEST_PGLITE_FROM_DUMP === 'on';

/** Tests: turns TEST_PGLITE_FROM_DUMP on or off here and in the processes started from here; gives back an undo. */
export function setTestsStartFromDump(on: boolean): () => void {
  /* eslint-disable no-restricted-properties -- the test-only setting above */
  const before = process.env.TEST_PGLITE_FROM_DUMP;
  if (on) process.env.TEST_PGLITE_FROM_DUMP = 'on';
  else delete process.env.TEST_PGLITE_FROM_DUMP;
  return () => {
    if (before === undefined) delete process.env.TEST_PGLITE_FROM_DUMP;
    else process.env.TEST_PGLITE_FROM_DUMP = before;
  };
  /* eslint-enable no-restricted-properties */
}

async function loadOrMake(): Promise<Blob> {
  const { version } = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  const file = path.join(os.tmpdir(), `assessment-web-empty-cluster-pglite-${version}.tar`);
  if (fs.existsSync(file)) {
    // The temporary folder is everyone's: a dump another user left there (or could still change) is
    // not loaded into a database; this process makes its own instead.
    const { uid, mode } = fs.statSync(file);
    if (uid === process.getuid?.() && (mode & 0o022) === 0) return new Blob([fs.readFileSync(file)]);
    return make();
  }
  const made = await make();
  const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, Buffer.from(await made.arrayBuffer()), { mode: 0o644 });
  fs.renameSync(partial, file);
  return made;
}

async function make(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create();
  const made = await db.dumpDataDir('none');
  await db.close();
  return made;
}

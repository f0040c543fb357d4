import { withAdminDatabase } from '@/lib/admin/database';
import { cpuSecondsOf, parentOf, postgresCpuSeconds } from '../support/processMemory';

export type PostgresServer = {
  version: string;
  /** fsync and synchronous_commit on: a commit waits for the disk, as on an operator's server. */
  durable: boolean;
  settings: { fsync: string; synchronousCommit: string; fullPageWrites: string };
  /** CPU seconds PostgreSQL has used so far: its postmaster and every process it started, or every postgres process here when that is not found. */
  cpuSeconds: () => number;
  /** Which processes cpuSeconds counts, for the report. */
  counted: string;
};

/**
 * The PostgreSQL of DATABASE_URL, with the app's migrations applied (as the admin command line
 * applies them): its version, whether it is durable, and a reading of its CPU. The postmaster is
 * found as the parent of this connection's backend, so that other clusters on the machine (other
 * work's tests) are not counted; on another host, or where /proc does not show it, every process
 * named postgres here is.
 */
export async function postgresServer(env: Record<string, string | undefined>): Promise<PostgresServer> {
  return withAdminDatabase(env, async ({ db }) => {
    const [row] = await db.query<{ version: string; fsync: string; synchronous_commit: string; full_page_writes: string; pid: number }>(
      `select current_setting('server_version') as version, current_setting('fsync') as fsync,
              current_setting('synchronous_commit') as synchronous_commit, current_setting('full_page_writes') as full_page_writes,
              pg_backend_pid() as pid`,
    );
    const settings = { fsync: row!.fsync, synchronousCommit: row!.synchronous_commit, fullPageWrites: row!.full_page_writes };
    const postmaster = parentOf(row!.pid);
    const durable = settings.fsync === 'on' && settings.synchronousCommit !== 'off';
    return postmaster
      ? { version: row!.version, durable, settings, cpuSeconds: () => cpuSecondsOf(postmaster), counted: `postmaster ${postmaster} and its processes` }
      : { version: row!.version, durable, settings, cpuSeconds: postgresCpuSeconds, counted: 'every process named postgres on this machine' };
  });
}

/** A checkpoint before each run, so that no run pays for writing out the one before it. */
export async function checkpoint(env: Record<string, string | undefined>): Promise<void> {
  await withAdminDatabase(env, ({ db }) => db.query('checkpoint'));
}

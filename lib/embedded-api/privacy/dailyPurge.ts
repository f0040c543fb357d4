import { logEvent } from '@/lib/log/logger';
import type { Database } from '../db/database';
import { purge, type PurgeOptions, type PurgeReport } from './purge';
import type { RetentionSettings } from './retention';

/**
 * The purge inside the app (issue 29, point 2): the first some minutes after the start, when the
 * start's own work is done, then every 24 hours while the app runs, on timers that never keep the
 * process alive, as the confirmation mails' retries run (portal/confirmationRetries.ts). Instances
 * sharing one PostgreSQL take turns: a purge runs only while it holds an advisory lock, and an
 * instance that finds it taken leaves the day's purge to the one that has it. On PGlite one process
 * holds the database, so there is nobody to take turns with.
 */

export const FIRST_PURGE_AFTER_MS = 10 * 60_000;
export const PURGE_EVERY_MS = 24 * 3600_000;

/** The advisory lock a purge holds (the first key of pg_try_advisory_xact_lock(int, int); guessing.ts lists the others). */
export const LOCK_PURGE = 727_331;

/** A purge run alone, or 'busy' when another process's purge holds the lock. */
export async function purgeAlone(db: Database, settings: RetentionSettings, options: PurgeOptions): Promise<PurgeReport | 'busy'> {
  if (db.kind === 'pglite') return purge(db, settings, options);
  // The lock belongs to a transaction of its own that stays open, without writing, while the purge
  // commits batch by batch on other connections of the pool; it ends with that transaction.
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ taken: boolean }>('select pg_try_advisory_xact_lock($1::int, 0) as taken', [LOCK_PURGE]);
    return lock?.taken ? purge(db, settings, options) : 'busy';
  });
}

export type PurgeOutcome = PurgeReport | 'busy' | 'failed';

export type DailyPurge = {
  /** Purges now (or waits for the purge under way). */
  runNow(): Promise<PurgeOutcome>;
  /** Waits for the purge under way, if any. */
  settled(): Promise<void>;
  /** Ends the timers; the purge under way stops after its current transaction. */
  stop(): Promise<void>;
};

/** Totals per rule, for the log line: the counts per table are in the audit. */
function perRule(report: PurgeReport): Record<string, number> {
  return Object.fromEntries(
    Object.entries(report.counts)
      .map(([rule, tables]) => [rule, Object.values(tables).reduce((sum, n) => sum + n, 0)] as const)
      .filter(([, n]) => n > 0),
  );
}

export function startDailyPurge(
  db: Database,
  settings: RetentionSettings,
  { now = () => Date.now(), firstAfterMs = FIRST_PURGE_AFTER_MS, everyMs = PURGE_EVERY_MS } = {},
): DailyPurge {
  let running: Promise<PurgeOutcome> | undefined;
  let stopped = false;
  let daily: NodeJS.Timeout | undefined;

  const runNow = (): Promise<PurgeOutcome> => {
    running ??= purgeAlone(db, settings, { now: now(), by: 'app', stopping: () => stopped || db.closed })
      .then((outcome) => {
        if (outcome !== 'busy' && outcome.records > 0) logEvent('info', 'privacy_purge', { records: outcome.records, rules: perRule(outcome), stopped: outcome.stopped });
        return outcome;
      })
      .catch((error: unknown): PurgeOutcome => {
        // The database out of reach, a statement refused: what is due stays due for tomorrow's run.
        // The reason never carries the data (the logger leaves out the values a message quotes).
        if (!db.closed) logEvent('error', 'privacy_purge_failed', { reason: error instanceof Error ? error.message : String(error) });
        return 'failed';
      })
      .finally(() => (running = undefined));
    return running;
  };
  const tick = () => {
    if (db.closed) clearInterval(daily);
    else void runNow();
  };
  const first = setTimeout(() => {
    daily = setInterval(tick, everyMs);
    daily.unref();
    tick();
  }, firstAfterMs);
  first.unref();
  return {
    runNow,
    settled: async () => {
      await running;
    },
    stop: async () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(daily);
      await running;
    },
  };
}

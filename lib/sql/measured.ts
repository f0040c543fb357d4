import { performance } from 'node:perf_hooks';
import { QUERY_OPERATIONS } from '@/lib/metrics/labels.mjs';
import { currentMetrics, type Metrics } from '@/lib/metrics/current';
import { statementOperation } from '@/lib/tracing/statement';
import type { Database, Sql } from './types';

/**
 * The database with each statement's duration counted while metrics are on (lib/metrics): by its
 * first keyword alone (SELECT, INSERT, …; OTHER for the rest), never its text or parameters, and
 * each transaction as a whole (TRANSACTION), its statements inside it too. Measured as the app
 * waits for it: on PGlite, the one connection's queue included. With metrics off at the moment the
 * database opens, it is returned as it is.
 */
export function measuredDatabase(db: Database): Database {
  const metrics = currentMetrics();
  if (!metrics) return db;
  return {
    kind: db.kind,
    get closed() {
      return db.closed;
    },
    query: measuredQuery(metrics, db),
    transaction: <T>(fn: (tx: Sql) => Promise<T>) => timed(metrics, 'TRANSACTION', () => db.transaction((tx) => fn({ query: measuredQuery(metrics, tx) }))),
    close: () => db.close(),
    // A backup's copy of the PGlite folder (lib/admin/backup) goes through as it is.
    ...(db.copyDataDir && { copyDataDir: (target: string) => db.copyDataDir!(target) }),
  };
}

const KNOWN = new Set<string>(QUERY_OPERATIONS);

/** The operation label of a statement: one of the closed set (lib/metrics/labels.mjs). */
export function operationLabel(text: string): string {
  const operation = statementOperation(text);
  return KNOWN.has(operation) && operation !== 'TRANSACTION' ? operation : 'OTHER';
}

function measuredQuery(metrics: Metrics, sql: Sql): Sql['query'] {
  return <T>(text: string, params?: unknown[]) => timed(metrics, operationLabel(text), () => sql.query<T>(text, params));
}

async function timed<T>(metrics: Metrics, operation: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    metrics.query(operation, (performance.now() - started) / 1000);
  }
}

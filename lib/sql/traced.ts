import { currentTracing, type Tracing } from '@/lib/tracing/current';
import { statementSummary } from '@/lib/tracing/statement';
import type { Database, Sql } from './types';

/**
 * The database as the app uses it, with a span per statement while tracing is on (lib/tracing):
 * PGlite and node-postgres alike, since every statement of the app goes through here. A span is
 * named by the statement's summary ("SELECT participants": lib/tracing/statement.ts) and says
 * db.system postgresql; it never holds the statement's text or its parameters. A transaction is
 * one span, its statements inside it. Only statements of a traced request are recorded: the
 * migrations at start and the daily purge make no traces of their own. With tracing off, the
 * database is returned as it is.
 */
export function tracedDatabase(db: Database): Database {
  const tracing = currentTracing();
  if (!tracing) return db;
  const query = tracedQuery(tracing, db);
  return {
    kind: db.kind,
    get closed() {
      return db.closed;
    },
    query,
    transaction: <T>(fn: (tx: Sql) => Promise<T>) =>
      tracing.inSpan('transaction', { kind: 'client', attributes: DB_SYSTEM, onlyInTrace: true }, () => db.transaction((tx) => fn({ query: tracedQuery(tracing, tx) })), errorType),
    close: () => db.close(),
    // A backup's copy of the PGlite folder (lib/admin/backup) goes through as it is: without it a backup found no folder while tracing was on.
    ...(db.copyDataDir && { copyDataDir: (target: string) => db.copyDataDir!(target) }),
  };
}

const DB_SYSTEM = { 'db.system': 'postgresql', 'db.system.name': 'postgresql' } as const;

function tracedQuery(tracing: Tracing, sql: Sql): Sql['query'] {
  return <T>(text: string, params?: unknown[]) => {
    const { operation, table, summary } = statementSummary(text);
    const attributes = { ...DB_SYSTEM, 'db.operation.name': operation, 'db.query.summary': summary, ...(table && { 'db.collection.name': table }) };
    return tracing.inSpan(summary, { kind: 'client', attributes, onlyInTrace: true }, () => sql.query<T>(text, params), errorType);
  };
}

/** The SQLSTATE (23505, 40001) where the database gave one; else the error's kind. Never its message, which may quote values. */
function errorType(error: unknown): string {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  return typeof name === 'string' && /^\w{1,40}$/.test(name) ? name : 'Error';
}

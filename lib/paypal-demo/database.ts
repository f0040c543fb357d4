import fs from 'node:fs';
import path from 'node:path';
import { logEvent } from '@/lib/log/logger';

/**
 * The demo provider's own storage, as PayPal keeps its orders apart from the shops that use it.
 * Its orders stay in a database, so that every instance and a restart see the same ones: on
 * PostgreSQL (DATABASE_URL) the table demo_paypal_order of that database, through a small pool of
 * its own; without it PGlite in `<dataDir>/paypal-demo`, a folder beside the app's. Opened only
 * when the demo is served and first asked, so that a deployment taking real money never opens it.
 */

export interface DemoSql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface DemoDatabase extends DemoSql {
  /** Runs fn in one transaction; everything it wrote is rolled back if it throws. */
  transaction<T>(fn: (tx: DemoSql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DemoDatabaseOptions = { databaseUrl?: string; dataDir: string } | { memory: true };

/** The PGlite folder below the data directory. */
export const DEMO_FOLDER = 'paypal-demo';

// `if not exists`: on PostgreSQL the table may already be there, from an earlier release or another instance.
const SCHEMA = [
  `create table if not exists demo_paypal_order (
    id text primary key,
    -- CREATED, APPROVED, COMPLETED, as PayPal's order status
    status text not null,
    currency text not null,
    -- PayPal's amount string, 345.67
    amount_value text not null,
    description text,
    custom_id text,
    invoice_id text,
    payer_id text,
    capture_id text,
    -- the PayPal-Request-Id of the capture that completed it: the same request is answered alike
    capture_request_id text,
    client_address text not null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`,
  'create index if not exists demo_paypal_order_client on demo_paypal_order (client_address, created_at)',
  'create index if not exists demo_paypal_order_created on demo_paypal_order (created_at)',
];

export async function openDemoDatabase(options: DemoDatabaseOptions): Promise<DemoDatabase> {
  const db = 'memory' in options ? await openPglite(undefined) : options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(path.join(options.dataDir, DEMO_FOLDER));
  try {
    for (const statement of SCHEMA) await db.query(statement);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}

async function openPglite(folder: string | undefined): Promise<DemoDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  // Demo orders are a few rows: the smallest buffers PGlite's memory allows.
  const options = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };
  if (folder !== undefined) fs.mkdirSync(path.dirname(folder), { recursive: true });
  const db = folder ? await PGlite.create(folder, options) : await PGlite.create(options);
  // One connection: transactions one after the other, never interleaved.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  const rows = async <T>(answer: Promise<{ rows: T[] }>) => (await answer).rows;
  return {
    query: <T>(text: string, params?: unknown[]) => serial(() => rows(db.query<T>(text, params as never[]))),
    transaction: <T>(fn: (tx: DemoSql) => Promise<T>) => serial(() => db.transaction((tx) => fn({ query: <R>(text: string, params?: unknown[]) => rows(tx.query<R>(text, params as never[])) }))),
    close: () => db.close(),
  };
}

async function openPostgres(url: string): Promise<DemoDatabase> {
  const { Pool } = await import('pg');
  // A demo takes few payments at a time; the app's own pool keeps the connections it needs.
  const pool = new Pool({ connectionString: url, max: 2 });
  pool.on('error', (error: Error & { code?: string }) => logEvent('warn', 'paypal_demo_connection_lost', { code: error.code, message: error.message }));
  return {
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
    transaction: async <T>(fn: (tx: DemoSql) => Promise<T>) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({ query: async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[] });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

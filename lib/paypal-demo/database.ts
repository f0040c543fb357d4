import path from 'node:path';
import { openPglite } from '@/lib/sql/pglite';
import { openPostgres } from '@/lib/sql/postgres';
import type { Database, Sql } from '@/lib/sql/types';

/**
 * The demo provider's own storage, as PayPal keeps its orders apart from the shops that use it.
 * Its orders stay in a database, so that every instance and a restart see the same ones: on
 * PostgreSQL (DATABASE_URL) the table demo_paypal_order of that database, through a small pool of
 * its own; without it PGlite in `<dataDir>/paypal-demo`, a folder beside the app's. Opened only
 * when the demo is served and first asked, so that a deployment taking real money never opens it.
 */

// The same surface as the app's database (lib/sql), under the demo's own names.
export type DemoSql = Sql;
export type DemoDatabase = Database;

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

// Demo orders are a few rows: the smallest buffers PGlite's memory allows.
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

export async function openDemoDatabase(options: DemoDatabaseOptions): Promise<DemoDatabase> {
  const db = await openStorage(options);
  try {
    for (const statement of SCHEMA) await db.query(statement);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}

function openStorage(options: DemoDatabaseOptions): Promise<DemoDatabase> {
  if ('memory' in options) return openPglite(undefined, { settings: PGLITE_SETTINGS });
  // A demo takes few payments at a time; the app's own pool keeps the connections it needs.
  if (options.databaseUrl) return openPostgres(options.databaseUrl, { max: 2, lostEvent: 'paypal_demo_connection_lost' });
  return openPglite(path.join(options.dataDir, DEMO_FOLDER), { settings: PGLITE_SETTINGS });
}

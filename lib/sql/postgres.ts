import { logEvent } from '@/lib/log/logger';
import { measuredDatabase } from './measured';
import { tracedDatabase } from './traced';
import type { Database, Sql } from './types';

export type PostgresOptions = {
  /** The most connections this pool opens; each database user on one server has its own pool. */
  max: number;
  /** The log event of a lost idle connection, which tells whose pool lost it. */
  lostEvent: string;
};

/** A node-postgres pool on this URL. It connects on the first query. */
export async function openPostgres(url: string, { max, lostEvent }: PostgresOptions): Promise<Database> {
  const { Pool } = await import('pg');
  const pool = new Pool({ connectionString: url, max });
  // The server may end an idle connection (a restart, a failover, an administrator): the pool then
  // drops it and opens another for the next query. Unheard, that error would end the process.
  pool.on('error', (error: Error & { code?: string }) => logEvent('warn', lostEvent, { code: error.code, message: error.message }));
  let closed = false;
  return tracedDatabase(measuredDatabase({
    kind: 'postgres',
    get closed() {
      return closed;
    },
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
    transaction: async <T>(fn: (tx: Sql) => Promise<T>) => {
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
    close: () => {
      closed = true;
      return pool.end();
    },
  }));
}

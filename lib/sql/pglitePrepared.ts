import type { PGlite } from '@electric-sql/pglite';

type PgliteModule = typeof import('@electric-sql/pglite');

/** How many statements stay prepared: the app's SQL is written in its code, a few hundred texts; the bound is for SQL built at run time. */
const MAX_PREPARED = 500;
/** PostgreSQL's "cached plan must not change result type", after a table the statement reads has changed. */
const PLAN_CHANGED = '0A000';

/**
 * PGlite's query() parses, plans and describes every statement anew, in six round trips into its
 * WebAssembly: most of a statement's cost (a participant's join on the token and its assessment:
 * 0.68 ms, its prepared execution 0.12 ms). Here each statement text is prepared once under a name
 * and then only bound and executed, in one round trip, with PGlite's own serializers and parsers,
 * so that what goes in and what comes back is what query() would give.
 *
 * Only for the caller's one PGlite session, one statement at a time (lib/sql/pglite.ts serialises them).
 */
export function preparedStatements(db: PGlite, pglite: Pick<PgliteModule, 'protocol' | 'parse'>) {
  const { serialize } = pglite.protocol;
  const prepared = new Map<string, { name: string; paramTypes: number[] }>();
  let counter = 0;

  const send = async (...messages: Uint8Array[]) => {
    const length = messages.reduce((sum, message) => sum + message.length, 0);
    const batch = new Uint8Array(length);
    let at = 0;
    for (const message of messages) {
      batch.set(message, at);
      at += message.length;
    }
    return (await db.execProtocol(batch)).messages;
  };

  async function prepare(text: string) {
    const known = prepared.get(text);
    if (known) {
      // Most recently used last: the first in the map is the one to give up.
      prepared.delete(text);
      prepared.set(text, known);
      return known;
    }
    if (prepared.size >= MAX_PREPARED) {
      const [oldestText, oldest] = prepared.entries().next().value!;
      prepared.delete(oldestText);
      await send(serialize.close({ type: 'S', name: oldest.name }), serialize.sync());
    }
    const name = `app_${++counter}`;
    const messages = await send(serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync());
    const statement = { name, paramTypes: pglite.parse.parseDescribeStatementResults(messages) };
    prepared.set(text, statement);
    return statement;
  }

  async function run<T>(text: string, params: unknown[]): Promise<T[]> {
    const { name, paramTypes } = await prepare(text);
    // As query() serialises a value: by the type PostgreSQL gave the parameter.
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await send(serialize.bind({ statement: name, values: values as string[] }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
    return (pglite.parse.parseResults(messages, db.parsers)[0]?.rows ?? []) as T[];
  }

  async function query<T>(text: string, params: unknown[]): Promise<T[]> {
    try {
      return await run<T>(text, params);
    } catch (error) {
      if ((error as { code?: string }).code !== PLAN_CHANGED) throw error;
      // A table changed under the prepared statement: prepare it again, once.
      const stale = prepared.get(text);
      prepared.delete(text);
      if (stale) await send(serialize.close({ type: 'S', name: stale.name }), serialize.sync());
      return run<T>(text, params);
    }
  }

  // One statement at a time, also within a transaction whose code asks two at once (Promise.all):
  // PGlite's execProtocol keeps no lock of its own, and two overlapping calls mix their answers.
  let last: Promise<unknown> = Promise.resolve();
  return function exclusive<T>(text: string, params: unknown[] = []): Promise<T[]> {
    const turn = last.then(() => query<T>(text, params));
    last = turn.catch(() => undefined);
    return turn;
  };
}

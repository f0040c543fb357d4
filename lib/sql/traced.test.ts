import { SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { openTestDatabase } from '@/lib/embedded-api/db/testDatabase';
import { traceInMemory } from '@/lib/tracing/testTracing';
import { tracedDatabase } from './traced';
import type { Database } from './types';

const CODE = 'KWDEMO01';
const MAIL = 'erika@example.org';

/** Everything a collector would see of the spans, as one text. */
const seen = (spans: ReadableSpan[]) => JSON.stringify(spans.map((span) => ({ name: span.name, attributes: span.attributes, events: span.events, status: span.status })));

describe('a span per database statement, on the one SQL layer (PGlite, or PostgreSQL with TEST_DATABASE_URL)', () => {
  let tracing: ReturnType<typeof traceInMemory>;
  let db: Database;

  beforeEach(async () => {
    tracing = traceInMemory();
    db = await openTestDatabase();
    await db.query('create table members (id serial primary key, code text unique, mail text)');
  });
  afterEach(async () => {
    await tracing.stop();
    await db.close();
  });

  it('names each statement of a request by its summary, with db.system postgresql, and never its text or parameters', async () => {
    await tracing.inRequest(async () => {
      await db.query('insert into members (code, mail) values ($1, $2)', [CODE, MAIL]);
      await db.query('select id from members where code = $1', [CODE]);
    });
    const spans = await tracing.stop();
    const request = spans.find((span) => span.name === 'GET /request')!;
    const statements = spans.filter((span) => span.attributes['db.system'] === 'postgresql');
    expect(statements.map((span) => span.name)).toEqual(['INSERT members', 'SELECT members']);
    for (const span of statements) {
      expect(span.spanContext().traceId).toBe(request.spanContext().traceId);
      expect(span.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
      expect(span.attributes).toMatchObject({ 'db.system.name': 'postgresql', 'db.collection.name': 'members', 'db.query.summary': span.name });
    }
    expect(seen(spans)).not.toMatch(new RegExp(`${CODE}|${MAIL}|where code`));
  });

  it('records nothing outside a request: the migrations at start and the daily purge make no traces', async () => {
    await db.query('select count(*) from members');
    expect(await tracing.stop()).toEqual([]);
  });

  it('a transaction is one span with its statements inside', async () => {
    await tracing.inRequest(() => db.transaction(async (tx) => {
      await tx.query('insert into members (code) values ($1)', [CODE]);
      await tx.query('update members set mail = $2 where code = $1', [CODE, MAIL]);
    }));
    const spans = await tracing.stop();
    const transaction = spans.find((span) => span.name === 'transaction')!;
    expect(transaction.attributes['db.system']).toBe('postgresql');
    const inside = spans.filter((span) => span.parentSpanContext?.spanId === transaction.spanContext().spanId);
    expect(inside.map((span) => span.name)).toEqual(['INSERT members', 'UPDATE members']);
  });

  it('a failed statement is marked by its SQLSTATE, without the message that quotes the value', async () => {
    await db.query('insert into members (code) values ($1)', [CODE]);
    await tracing.inRequest(() => expect(db.query('insert into members (code) values ($1)', [CODE])).rejects.toThrow(/duplicate key/));
    const spans = await tracing.stop();
    const failed = spans.find((span) => span.name === 'INSERT members')!;
    expect(failed.status.code).toBe(SpanStatusCode.ERROR);
    expect(failed.attributes['error.type']).toBe('23505');
    expect(seen(spans)).not.toContain(CODE);
  });
});

it('with tracing off the database is returned as it was opened', async () => {
  const db = await openTestDatabase();
  try {
    expect(tracedDatabase(db)).toBe(db);
  } finally {
    await db.close();
  }
});

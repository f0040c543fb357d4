import { openDatabase, type Database } from '@/lib/embedded-api/db/database';
import { createRequestHandler } from '@/lib/embedded-api/server';
import { sendTo, testSettings } from '@/lib/embedded-api/testApi';
import { captureOutput } from './captureOutput';
import { logEvent } from './logger';
import { errorFields, redactReason } from './redactReason';

describe('an error message as it may go into the log', () => {
  it.each([
    // PostgreSQL and PGlite, as they word it.
    ['duplicate key value violates unique constraint "assessment_access_code_key"', 'duplicate key value violates unique constraint "assessment_access_code_key"'],
    ['duplicate key value violates unique constraint "a_code"\nDETAIL:  Key (upper(access_code))=(K7P2QX) already exists.', 'duplicate key value violates unique constraint "a_code"'],
    ['Key (upper(access_code))=(K7P2QX) already exists.', 'Key (upper(access_code))=(…) already exists.'],
    ['Key (code)=(A(B)C) is not present in table "group_code".', 'Key (code)=(…) is not present in table "group_code".'],
    ['Failing row contains (3, Erika Muster, erika@example.org).', 'Failing row contains (…).'],
    ['invalid input syntax for type integer: "Erika"', 'invalid input syntax for type integer: "…"'],
    ['value "99999999999" is out of range for type integer', 'value "…" is out of range for type integer'],
    ['null value in column "email" of relation "assessor" violates not-null constraint', 'null value in column "email" of relation "assessor" violates not-null constraint'],
    ['new row for relation "a" violates check constraint "a_n_check"', 'new row for relation "a" violates check constraint "a_n_check"'],
    ['syntax error at or near "K7P2QX"', 'syntax error at or near "…"'],
    ['ERROR: boom\nHINT: No function matches the given name', 'ERROR: boom'],
    ["invalid input syntax for type uuid: 'abc'", "invalid input syntax for type uuid: '…'"],
    // Node and libraries.
    [`Unexpected token 'E', "Erika Muster" is not valid JSON`, `Unexpected token '…', "…" is not valid JSON`],
    ['connect ECONNREFUSED 127.0.0.1:5432', 'connect ECONNREFUSED 127.0.0.1:5432'],
    ['password authentication failed for user "operator"', 'password authentication failed for user "…"'],
    ['getaddrinfo ENOTFOUND postgres://app:Sup3rSecret@db.example/assessments', 'getaddrinfo ENOTFOUND postgres://…@db.example/assessments'],
    ['Recipient <erika@example.org> rejected', 'Recipient <…@…> rejected'],
    ["doesn't fit and isn't a value", "doesn't fit and isn't a value"],
    ['fetch failed (connect ECONNREFUSED 127.0.0.1:9)', 'fetch failed (connect ECONNREFUSED 127.0.0.1:9)'],
    ['DEMO_MODE is not on', 'DEMO_MODE is not on'],
  ])('%j → %j', (message, logged) => {
    expect(redactReason(message)).toBe(logged);
  });

  it('errorFields adds the SQLSTATE code and the constraint, nothing that is not shaped like them', () => {
    expect(errorFields(Object.assign(new Error('duplicate key value violates unique constraint "a_code"'), { code: '23505', constraint: 'a_code', detail: 'Key (code)=(K7P2QX) already exists.' }))).toEqual({
      reason: 'duplicate key value violates unique constraint "a_code"',
      code: '23505',
      constraint: 'a_code',
    });
    expect(errorFields(Object.assign(new Error('x'), { code: 'K7P2QX value', constraint: 'a b' }))).toEqual({ reason: 'x' });
    expect(errorFields('Key (c)=(v)')).toEqual({ reason: 'Key (c)=(…)' });
  });
});

describe('the log', () => {
  it('leaves the values out of every reason and message, whoever logs it', () => {
    const logged = captureOutput();
    try {
      logEvent('error', 'some_failure', { reason: 'Key (upper(access_code))=(K7P2QX) already exists.', nested: { message: 'invalid input syntax for type integer: "Erika"' } });
    } finally {
      logged.restore();
    }
    expect(logged.text()).not.toMatch(/K7P2QX|Erika/);
    expect(logged.events()).toEqual([expect.objectContaining({ reason: 'Key (upper(access_code))=(…) already exists.', nested: { message: 'invalid input syntax for type integer: "…"' } })]);
  });

  it("a request that fails in the database: the log line has the SQLSTATE, not the value the statement carried", async () => {
    const db = await openDatabase({ memory: true });
    // Every statement fails as PostgreSQL does when a participant's text reaches an integer column.
    const failing: Database = { ...db, query: () => db.query("select 'K7P2QX'::int"), transaction: () => db.query("select 'K7P2QX'::int") as never };
    const logged = captureOutput();
    try {
      const { answer } = await sendTo(createRequestHandler(failing, testSettings('r'.repeat(40))), 'submit/kodekodex/identcode', { assessmentIdentCode: 'K7P2QX001' }, '192.0.2.1');
      expect(answer).toMatchObject({ statusCode: 13 });
    } finally {
      logged.restore();
      await db.close();
    }
    expect(logged.text()).not.toContain('K7P2QX');
    expect(logged.events()).toEqual([expect.objectContaining({ event: 'embedded_api_failure', code: '22P02', reason: 'invalid input syntax for type integer: "…"' })]);
  });
});

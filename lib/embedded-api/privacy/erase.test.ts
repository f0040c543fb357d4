import { encryptClientValue } from '../clientCrypto';
import type { Database } from '../db/database';
import { DEMO_INVOICE, sendTo, startTestApi, testSettings, type Answer, type Handle } from '../testApi';
import { erasePerson } from './erase';
import { findPerson, type PersonQuery } from './people';

/**
 * Erasing a person (issue 29, point 3), checked the way a data-protection officer would: a
 * participant goes through the real calls (group login, personal info with an additional field,
 * the access code mailed to the outbox; or /register with name and e-mail, then an invoice in the
 * portal with the same address), is erased, and then every column of every table is searched as
 * text for their name, e-mail and field values. Nothing is found, but the invoice (commercial
 * retention, docs/privacy.md), and a token they held is refused.
 */
const settings = testSettings('e'.repeat(40));
let db: Database;
let handle: Handle;

beforeAll(async () => {
  ({ db, handle } = await startTestApi(settings));
}, 60_000);

afterAll(async () => db?.close());

const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);
const call = async (path: string, body: unknown, client = '198.51.100.40'): Promise<Answer> => (await sendTo(handle, path, body, client)).answer;

/** Every table.column of the schema whose text holds the value (any case). */
async function whereFound(value: string): Promise<string[]> {
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = current_schema() order by table_name, column_name`,
  );
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from "${table}" where "${column}"::text ilike '%' || $1 || '%'`, [value]);
    if (row!.n > 0) found.push(`${table}.${column}`);
  }
  return found;
}

const erase = async (query: PersonQuery, keepAnswersAnonymous: boolean) => {
  const person = (await findPerson(db, query))!;
  expect(person).toBeDefined();
  return db.transaction((tx) => erasePerson(tx, person, { keepAnswersAnonymous, now: Date.now() }));
};

describe('erasing a person leaves nothing of them', () => {
  it('a group participant: name of their department, mailed address, access code and key gone; their token refused', async () => {
    const FIELD = 'Zyxwv-Abteilung';
    const EMAIL = 'zyxwv.teilnehmerin@example.org';
    const login = await call('submit/kodew/login', { groupcode: encrypt('KWDEMO01'), uiLanguage: 'de-DE' });
    expect(login.statusCode).toBe(1);
    const saved = await call('submit/kodew/personalinfo', {
      additionalFieldsWithValues: [
        { id: 1, value: FIELD },
        { id: 2, value: '3-5' },
      ],
      password: encrypt('Sonne2026'),
      uiLanguage: 'de-DE',
      token: login.token,
    });
    expect(saved.statusCode).toBe(1);
    const [member] = await db.query<{ access_code: string }>("select access_code from group_member where field_values::text like '%Zyxwv%'");
    const accessCode = member!.access_code;
    const mailed = await call('submit/kodew/sendaccesscode', { email: EMAIL, accessCode, uiLanguage: 'de-DE', token: saved.token });
    expect(mailed.statusCode).toBe(1);
    // The search finds them before: in the member's fields, the outbox and the mail's text.
    expect(await whereFound(FIELD)).toEqual(['group_member.field_values']);
    expect(await whereFound(EMAIL)).toEqual(['mail_outbox.recipient']);
    expect(await whereFound(accessCode)).toEqual(['group_member.access_code', 'mail_outbox.body']);

    const erased = await erase({ groupParticipant: accessCode.toLowerCase() }, false);
    expect(erased).toMatchObject({ group_member: 1, assessor: 1, mail_outbox: 1 });
    for (const value of [FIELD, EMAIL, accessCode]) expect({ value, found: await whereFound(value) }).toEqual({ value, found: [] });
    // A copied cookie's token stops working at once: its assessment is gone.
    expect(await call('pageinfo/kodew/personalinfo', { token: saved.token })).toMatchObject({ statusCode: 8 });
  });

  it('a registered assessor, answers kept anonymous: name and e-mail gone but for the invoice; the answers stay, linked to nobody', async () => {
    const FIRST = 'Xaverius';
    const LAST = 'Qwertzuiop';
    const EMAIL = 'xaverius.qwertzuiop@example.org';
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1REG0001' });
    const registered = await call('submit/kodekodex/register', { gender: 1, firstName: FIRST, lastName: LAST, emailAddress: EMAIL, passwordEncrypted: encrypt('Regen2026'), token: ident.token });
    expect(registered.statusCode).toBe(1);
    const [assessment] = await db.query<{ id: number }>("select id from assessment where ident_code = 'P1REG0001'");
    await db.query('insert into answer (assessment_id, question_id, answer_id, value) values ($1, 1, 1, 2), ($1, 1, 2, 1)', [assessment!.id]);
    // The same address on an invoice of the portal: that stays (§147 AO).
    expect((await call('submit/portal/invoiceinfo', { ...DEMO_INVOICE, invoiceName: `${FIRST} ${LAST}`, invoiceEmail: EMAIL })).statusCode).toBe(1);
    // The address holds the last name too.
    expect(await whereFound(LAST)).toEqual(['assessor.email', 'assessor.last_name', 'portal_transaction.invoice_email', 'portal_transaction.invoice_name']);

    const erased = await erase({ assessment: 'p1reg0001' }, true);
    expect(erased).toMatchObject({ assessor: 1, 'assessment (kept anonymous, with its answers)': 1 });
    expect(await whereFound(FIRST)).toEqual(['portal_transaction.invoice_email', 'portal_transaction.invoice_name']);
    expect(await whereFound(LAST)).toEqual(['portal_transaction.invoice_email', 'portal_transaction.invoice_name']);
    expect(await whereFound(EMAIL)).toEqual(['portal_transaction.invoice_email']);
    expect(await whereFound('P1REG0001')).toEqual([]);
    const [kept] = await db.query<{ ident_code: string; first_name: string; email: string; answers: number }>(
      `select a.ident_code, s.first_name, s.email, (select count(*)::int from answer where assessment_id = a.id) as answers
         from assessment a join assessor s on s.id = a.assessor_id where a.id = $1`,
      [assessment!.id],
    );
    expect(kept).toEqual({ ident_code: expect.stringMatching(/^ERASED-/), first_name: '', email: '', answers: 2 });
    // The kept assessment's new assessor refuses every token issued before the erasure.
    expect(await call('pageinfo/kodekodex/personalinfo', { token: registered.token })).toMatchObject({ statusCode: 3 });
  });

  it('an assessor with another assessment keeps name and e-mail when one assessment is erased', async () => {
    const [row] = await db.query<{ assessor_id: number }>("select assessor_id from assessment where ident_code = 'P1DEMO01'");
    await db.query(
      "insert into assessment (ident_code, product, assessor_id, questionnaire_key) values ('SHARED0001', 1, $1, 'competency-24')",
      [row!.assessor_id],
    );
    const person = (await findPerson(db, { assessment: 'SHARED0001' }))!;
    expect(person).toMatchObject({ assessorIds: [], sharedAssessorIds: [row!.assessor_id] });
    await db.transaction((tx) => erasePerson(tx, person, { keepAnswersAnonymous: false, now: Date.now() }));
    expect(await db.query("select 1 from assessment where ident_code = 'SHARED0001'")).toEqual([]);
    expect(await db.query('select first_name from assessor where id = $1', [row!.assessor_id])).toEqual([{ first_name: 'Paula' }]);
  });

  it('nothing matches: no person', async () => {
    expect(await findPerson(db, { assessment: 'NOSUCH001' })).toBeUndefined();
    expect(await findPerson(db, { groupParticipant: 'NOSUCH001' })).toBeUndefined();
    expect(await findPerson(db, { email: 'nobody@example.org' })).toBeUndefined();
  });
});

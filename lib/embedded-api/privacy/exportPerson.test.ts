import { encryptClientValue } from '../clientCrypto';
import type { Database } from '../db/database';
import { DEMO_INVOICE, sendTo, startTestApi, testSettings, type Answer, type Handle } from '../testApi';
import { exportPerson, PERSON_EXPORT_FORMAT, type PersonExport } from './exportPerson';
import { findPerson, type PersonQuery } from './people';

/**
 * The export of one person (issue 29, point 4; docs/privacy.md, "Access and portability"), checked
 * field by field against the documented shape: participants go through the real calls (a group
 * login, the personal-info page with additional fields, the access code mailed, a questionnaire
 * chosen, a page saved and the next one drafted; or /register with name and e-mail, a page of the
 * ranking questionnaire saved, an invoice with the same address), are exported, and the text of
 * the export is searched for every key hash, access code, ident code, group code, token and client
 * address they have: none is in it.
 */
const settings = testSettings('x'.repeat(40));
const CLIENT = '198.51.100.77';
let db: Database;
let handle: Handle;

beforeAll(async () => {
  ({ db, handle } = await startTestApi(settings));
}, 60_000);

afterAll(async () => db?.close());

const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);
const call = async (path: string, body: unknown): Promise<Answer> => (await sendTo(handle, path, body, CLIENT)).answer;
const encode = (start: number, answers: Array<{ id: number; value: number }>) => Buffer.from(JSON.stringify({ questionStartIndex: start, answers })).toString('base64');
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const NOW = Date.parse('2030-05-06T07:08:09.000Z');

async function exported(query: PersonQuery, foundBy: string): Promise<{ data: PersonExport; text: string; counts: Record<string, number> }> {
  const person = (await findPerson(db, query))!;
  expect(person).toBeDefined();
  const { data, counts } = await exportPerson(db, person, foundBy, NOW);
  return { data, counts, text: JSON.stringify(data) };
}

/** Every secret the database holds: key hashes, access codes, ident codes, group codes. */
async function storedSecrets(): Promise<string[]> {
  const rows = await db.query<{ secret: string }>(
    `select key_hash as secret from assessor where key_hash is not null
     union select access_code from group_member union select ident_code from assessment union select code from group_code`,
  );
  return rows.map((r) => r.secret);
}

describe('the export of a person', () => {
  it('a group participant: the group participation with labelled fields, the assessment with answers, texts and drafts, the mail; no code, hash or token', async () => {
    const login = await call('submit/kodew/login', { groupcode: encrypt('KWDEMO01'), uiLanguage: 'de-DE' });
    expect(login.statusCode).toBe(1);
    const saved = await call('submit/kodew/personalinfo', {
      additionalFieldsWithValues: [
        { id: 1, value: 'Qualitätssicherung Süd' },
        { id: 2, value: '3-5' },
      ],
      password: encrypt('Sonne2026'),
      uiLanguage: 'de-DE',
      token: login.token,
    });
    expect(saved.statusCode).toBe(1);
    const [member] = await db.query<{ access_code: string; assessor_id: number }>("select access_code, assessor_id from group_member where field_values::text like '%Qualitätssicherung Süd%'");
    const accessCode = member!.access_code;
    // The consent as the personal-info page records it (the privacy text's version and when).
    await db.query("update assessor set privacy_consent_version = 'kodew-2030-01', privacy_consent_at = '2030-01-02T03:04:05Z' where id = $1", [member!.assessor_id]);
    const mailed = await call('submit/kodew/sendaccesscode', { email: 'quinta.export@example.org', accessCode, uiLanguage: 'de-DE', token: saved.token });
    expect(mailed.statusCode).toBe(1);
    const chosen = await call('submit/kodew/assessmentselection', { token: saved.token, selectedQuestionnaireId: 1, type: 1 });
    expect(chosen.statusCode).toBe(1);
    const token = chosen.token!;
    const first = await call('pageinfo/questionnaire', { token, questionStartIndex: 1, questionsPerPage: 1, uiLanguage: 'de-DE', questionnaireLanguage: 'de-DE' });
    const [job, life] = (first.questions as Array<{ answerInfos: Array<{ id: number }> }>)[0]!.answerInfos;
    const page1 = await call('pageinfo/questionnaire', { token, questionStartIndex: 2, questionsPerPage: 1, answers: encode(1, [{ id: job!.id, value: 50 }, { id: life!.id, value: -2 }]) });
    expect(page1.statusCode).toBe(1);
    const second = page1.questions as Array<{ id: number; answerInfos: Array<{ id: number }> }>;
    const drafted = await call('pageinfo/questionnaire', {
      token,
      questionStartIndex: 3,
      questionsPerPage: 1,
      answers: encode(2, [{ id: second[0]!.answerInfos[0]!.id, value: 73 }]),
      draft: true,
      baseRevision: page1.revision,
    });
    expect(drafted.statusCode).toBe(1);

    const { data, text, counts } = await exported({ groupParticipant: accessCode.toLowerCase() }, 'group participant');
    expect(data).toEqual({
      format: PERSON_EXPORT_FORMAT,
      exported_at: '2030-05-06T07:08:09.000Z',
      found_by: 'group participant',
      assessors: [
        {
          // The web variant asks no name or e-mail: the assessor row holds the key and the consent.
          first_name: '',
          last_name: '',
          email: '',
          registered: true,
          has_personal_key: true,
          privacy_consent: { version: 'kodew-2030-01', agreed_at: '2030-01-02T03:04:05.000Z' },
          key_changes: [ISO],
        },
      ],
      group_participations: [
        {
          number: 1,
          group_code_variant: 'kodew',
          product: 4,
          // In the order and with the labels of the personal-info page (the group code's language, German).
          fields: [
            { label: 'Berufserfahrung', value: '3-5' },
            { label: 'Abteilung', value: 'Qualitätssicherung Süd' },
          ],
          joined_at: ISO,
          personal_info_saved_at: ISO,
        },
      ],
      assessments: [
        {
          product: 4,
          questionnaire: { key: 'kodew-strengths', version: 1, title: 'Stärkenprofil', language: 'de-DE' },
          candidate: null,
          self_assessment: false,
          group_participation: 1,
          ui_language: 'de-DE',
          created_at: ISO,
          valid_until: null,
          finished_at: null,
          answers: [
            { question_id: 401, question: 'Zusammenarbeit', answer_id: job!.id, item: 'Im Beruf', value: 50, value_means: 'trifft teilweise zu = 50', saved_at: ISO },
            { question_id: 401, question: 'Zusammenarbeit', answer_id: life!.id, item: 'Im Alltag', value: -2, value_means: 'nicht bewertet', saved_at: ISO },
          ],
          // A slider value between the captioned points means what its place on the scale means: no caption of its own.
          drafts: [{ question_id: second[0]!.id, question: expect.any(String), answer_id: second[0]!.answerInfos[0]!.id, item: expect.any(String), value: 73, value_means: null, saved_at: ISO }],
          pages: [
            { page_start: 1, last_saved_at: ISO },
            { page_start: 2, last_saved_at: ISO },
          ],
        },
      ],
      mails: [{ kind: 'accessCode', language: 'de-DE', recipient: 'quinta.export@example.org', subject: expect.any(String), created_at: ISO }],
      invoices: [],
    });
    expect(counts).toEqual({ assessor: 1, key_change: 1, group_member: 1, assessment: 1, answer: 2, answer_draft: 1, page_revision: 2, mail_outbox: 1 });

    const secrets = [...(await storedSecrets()), accessCode, 'KWDEMO01', login.token!, saved.token!, token, page1.token, CLIENT].filter((s): s is string => typeof s === 'string');
    for (const secret of secrets) expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
    // The internal ident code of a group participant's assessment is made from the access code: not that either.
    const [internal] = await db.query<{ ident_code: string }>('select ident_code from assessment where group_member_id = (select id from group_member where access_code = $1)', [accessCode]);
    expect(text).not.toContain(internal!.ident_code);
  });

  it('a registered assessor found by e-mail: name, e-mail, registration, the candidate, ranks with their texts, the invoice to the address', async () => {
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1REG0001' });
    const registered = await call('submit/kodekodex/register', {
      gender: 1,
      firstName: 'Yvonne',
      lastName: 'Exportiert',
      emailAddress: 'Yvonne.Exportiert@example.org',
      passwordEncrypted: encrypt('Regen2026'),
      token: ident.token,
    });
    expect(registered.statusCode).toBe(1);
    const [assessment] = await db.query<{ id: number }>("select id from assessment where ident_code = 'P1REG0001'");
    await db.query("update assessment set finished_at = '2030-04-01T12:00:00Z' where id = $1", [assessment!.id]);
    await db.query("insert into answer (assessment_id, question_id, answer_id, value, saved_at) values ($1, 101, 1012, 1, '2030-04-01T11:00:00Z'), ($1, 101, 1011, 4, '2030-04-01T11:00:00Z')", [assessment!.id]);
    expect((await call('submit/portal/invoiceinfo', { ...DEMO_INVOICE, invoiceName: 'Yvonne Exportiert', invoiceEmail: 'yvonne.exportiert@example.org' })).statusCode).toBe(1);

    const { data, text } = await exported({ email: 'YVONNE.exportiert@example.org' }, 'e-mail address');
    expect(data.assessors).toEqual([
      {
        first_name: 'Yvonne',
        last_name: 'Exportiert',
        email: 'Yvonne.Exportiert@example.org',
        registered: true,
        has_personal_key: true,
        // /register recorded the consent: the version of competency-24's own privacy text, and when.
        privacy_consent: { version: 'competency-2025-06', agreed_at: ISO },
        key_changes: [ISO],
      },
    ]);
    expect(data.group_participations).toEqual([]);
    expect(data.assessments).toEqual([
      {
        product: 1,
        questionnaire: { key: 'competency-24', version: 1, title: expect.any(String), language: 'de-DE' },
        candidate: { title: expect.any(String), first_name: expect.any(String), last_name: expect.any(String), pseudonym: expect.any(String) },
        self_assessment: false,
        group_participation: null,
        ui_language: 'de-DE',
        created_at: ISO,
        valid_until: null,
        finished_at: '2030-04-01T12:00:00.000Z',
        answers: [
          {
            question_id: 101,
            question: 'Wenn ich eine wichtige Information an mein Team weitergeben muss, …',
            answer_id: 1011,
            item: 'bereite ich Fakten und Hintergründe sorgfältig auf, damit alles nachvollziehbar ist.',
            value: 4,
            value_means: '4',
            saved_at: '2030-04-01T11:00:00.000Z',
          },
          {
            question_id: 101,
            question: 'Wenn ich eine wichtige Information an mein Team weitergeben muss, …',
            answer_id: 1012,
            item: 'suche ich das persönliche Gespräch und achte darauf, wie die Nachricht ankommt.',
            value: 1,
            value_means: '1',
            saved_at: '2030-04-01T11:00:00.000Z',
          },
        ],
        drafts: [],
        pages: [],
      },
    ]);
    const [candidate] = await db.query<{ candidate_last_name: string }>('select candidate_last_name from assessment where id = $1', [assessment!.id]);
    expect(data.assessments[0]!.candidate!.last_name).toBe(candidate!.candidate_last_name);
    expect(data.invoices).toEqual([
      {
        private_person: true,
        name: 'Yvonne Exportiert',
        street: DEMO_INVOICE.invoiceStreet,
        city: DEMO_INVOICE.invoiceCity,
        email: 'yvonne.exportiert@example.org',
        product: DEMO_INVOICE.invoiceProductText,
        price_cents: 34567,
        ui_language: 'de-DE',
        data_privacy_accepted_at: ISO,
        created_at: ISO,
        payments: [],
      },
    ]);
    const [transaction] = await db.query<{ id: string }>("select id from portal_transaction where invoice_email = 'yvonne.exportiert@example.org'");
    for (const secret of [...(await storedSecrets()), 'P1REG0001', transaction!.id, ident.token!, registered.token!, CLIENT]) {
      expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
    }
  });

  it('an assessor with another assessment is not described by one ident code; the export reads without binding an unbound assessment', async () => {
    const [row] = await db.query<{ assessor_id: number }>("select assessor_id from assessment where ident_code = 'P1DEMO01'");
    await db.query("insert into assessment (ident_code, product, assessor_id, questionnaire_key) values ('SHAREDX01', 1, $1, 'competency-24')", [row!.assessor_id]);
    const { data } = await exported({ assessment: 'sharedx01' }, 'assessment');
    expect(data.assessors).toEqual([]);
    expect(data.assessments).toHaveLength(1);
    // Not yet bound: the texts are the latest version's, and the assessment stays unbound.
    expect(data.assessments[0]!.questionnaire).toEqual({ key: 'competency-24', version: null, title: expect.any(String), language: 'de-DE' });
    expect(await db.query("select questionnaire_version from assessment where ident_code = 'SHAREDX01'")).toEqual([{ questionnaire_version: null }]);
  });
});

import type { Database } from '@/lib/embedded-api/db/database';
import { encryptClientValue } from '@/lib/embedded-api/clientCrypto';
import { sendTo, startTestApi, testSettings, type Handle } from '@/lib/embedded-api/testApi';
import { createAssessments, deepLinkOf, UnknownQuestionnaireError } from './assessments';

const settings = testSettings('a'.repeat(40));
let db: Database;
let handle: Handle;

beforeAll(async () => {
  ({ db, handle } = await startTestApi(settings, { demo: false }));
  // A questionnaire as an import would leave it: two versions, the latest is the one to use.
  for (const version of [1, 2]) {
    await db.query(`insert into questionnaire (key, version, checksum, definition) values ('team-check', $1, $2, $3)`, [
      version, `sum-${version}`, JSON.stringify({ key: 'team-check', product: 1 }),
    ]);
  }
}, 60_000);

afterAll(() => db?.close());

const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);

describe('createAssessments', () => {
  it('makes as many assessments as asked, on the latest version, with links under the public address', async () => {
    const created = await createAssessments(db, { questionnaireKey: 'team-check', count: 5, publicUrl: 'https://assess.example/' });
    expect(created).toHaveLength(5);
    expect(new Set(created.map((c) => c.identCode)).size).toBe(5);
    for (const c of created) {
      expect(c.questionnaireVersion).toBe(2);
      expect(c.deepLink).toBe(`https://assess.example/home/${c.identCode}`);
      expect(c.accessCode).toMatch(/^[A-Z2-9]{12}$/);
    }
  });

  it('stores the access code only as a hash', async () => {
    const [created] = await createAssessments(db, { questionnaireKey: 'team-check', publicUrl: 'http://localhost:3000' });
    const rows = await db.query<{ key_hash: string }>(
      'select s.key_hash from assessment a join assessor s on s.id = a.assessor_id where a.ident_code = $1',
      [created!.identCode],
    );
    expect(rows[0]!.key_hash).toMatch(/^scrypt\$/);
    const everything = JSON.stringify(await db.query('select * from assessor')) + JSON.stringify(await db.query('select * from assessment'));
    expect(everything).not.toContain(created!.accessCode);
  });

  it('gives codes a participant can log in with: ident code, then access code, then the first-login page', async () => {
    const [created] = await createAssessments(db, { questionnaireKey: 'team-check', publicUrl: 'http://localhost:3000', language: 'en-US' });
    expect(created!.deepLink).toBe(`http://localhost:3000/home/${created!.identCode}/en`);
    const ident = await sendTo(handle, 'submit/kodekodex/identcode', { assessmentIdentCode: created!.identCode }, '198.51.100.1');
    expect(ident.answer).toMatchObject({ statusCode: 1, uiLanguage: 'en-US', assessorMustRegister: false });
    const login = await sendTo(handle, 'submit/kodekodex/login', { passwordHash: encrypt(created!.accessCode!), token: ident.answer.token }, '198.51.100.1');
    expect(login.answer).toMatchObject({ statusCode: 1, isFirstLogin: true });
  });

  it('makes no access code when the assessor must register, and the ident code leads to /register', async () => {
    const [created] = await createAssessments(db, { questionnaireKey: 'team-check', mustRegister: true, publicUrl: 'http://localhost:3000' });
    expect(created!.accessCode).toBeNull();
    const ident = await sendTo(handle, 'submit/kodekodex/identcode', { assessmentIdentCode: created!.identCode }, '198.51.100.2');
    expect(ident.answer).toMatchObject({ statusCode: 1, assessorMustRegister: true });
  });

  it('refuses an ident code after its valid-until moment', async () => {
    const [created] = await createAssessments(db, { questionnaireKey: 'team-check', validUntil: new Date(Date.now() - 1000), publicUrl: 'http://x.example' });
    const ident = await sendTo(handle, 'submit/kodekodex/identcode', { assessmentIdentCode: created!.identCode }, '198.51.100.3');
    expect(ident.answer.statusCode).toBe(14);
  });

  it('keeps candidate and self-assessment as given', async () => {
    const [created] = await createAssessments(db, {
      questionnaireKey: 'team-check', self: true, candidate: { title: 'Dr.', firstName: 'Ada', lastName: 'Muster' }, publicUrl: 'http://x.example',
    });
    const [row] = await db.query<Record<string, unknown>>('select * from assessment where ident_code = $1', [created!.identCode]);
    expect(row).toMatchObject({ is_self_assessment: true, candidate_title: 'Dr.', candidate_first_name: 'Ada', candidate_last_name: 'Muster', product: 1 });
  });

  it('names the imported questionnaires when asked for an unknown one, and creates nothing', async () => {
    const before = await db.query<{ n: number }>('select count(*)::int as n from assessment');
    await expect(createAssessments(db, { questionnaireKey: 'nope', count: 3, publicUrl: 'http://x.example' })).rejects.toThrow(UnknownQuestionnaireError);
    await expect(createAssessments(db, { questionnaireKey: 'nope', publicUrl: 'http://x.example' })).rejects.toThrow(/Imported: team-check/);
    const after = await db.query<{ n: number }>('select count(*)::int as n from assessment');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it.each([0, -1, 1.5, 10_001])('refuses a count of %p', async (count) => {
    await expect(createAssessments(db, { questionnaireKey: 'team-check', count, publicUrl: 'http://x.example' })).rejects.toThrow(RangeError);
  });

  it('puts the language token into deep links', () => {
    expect(deepLinkOf('https://a.example//', 'ABC', 'cz-CZ')).toBe('https://a.example/home/ABC/cz');
  });

  it('keeps the base path that PUBLIC_URL carries (the app under /assessment)', () => {
    expect(deepLinkOf('https://example.org/assessment', 'ABC')).toBe('https://example.org/assessment/home/ABC');
    expect(deepLinkOf('https://example.org/assessment/', 'ABC', 'en-US')).toBe('https://example.org/assessment/home/ABC/en');
  });
});

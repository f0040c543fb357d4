import path from 'node:path';
import { createAssessments } from '@/lib/admin/assessments';
import { createGroupCode } from '@/lib/admin/groupCodes';
import type { Translation } from '@/lib/api/schemas/common';
import { checksumOf } from '@/lib/content/checksum';
import { bundledQuestionnaireFolder, readQuestionnaireFile } from '@/lib/content/files';
import type { Questionnaire } from '@/lib/content/questionnaire';
import { encryptClientValue } from '../clientCrypto';
import type { Database } from '../db/database';
import { createMember, findGroupCode } from '../groups/store';
import { keyStrengtheningOf } from '../keyStrengthening';
import { importQuestionnaire } from '../questionnaires/import';
import { createRequestHandler } from '../server';
import { sendTo, startTestApi, TEST_PUBLIC_URL, testSettings, type Answer, type Handle } from '../testApi';
import { signToken } from '../tokens';
import { BUILT_IN_PRIVACY_VERSION } from './texts';

/**
 * The consent's version and time (assessor.privacy_consent_version, privacy_consent_at): set by
 * every save of a page with the consent box (/register, /accesspassword, the personal-info page of
 * each group variant) to the version of the text shown for the assessment, at the save's time (an
 * injected clock). A box the page shows ticked and locked keeps a consent recorded before, also
 * when the text has a new version since; it records one only where none is.
 */
const SECRET = 'c'.repeat(40);
const settings = testSettings(SECRET);
const operatorSettings = { ...settings, privacy: { privacyText: { version: 'operator-7', text: { de: 'Datenschutz des Betreibers' } } } };
const T0 = Date.parse('2026-03-02T09:00:00Z');
let clock = T0;
let db: Database;
let handle: Handle;
let operator: Handle;

beforeAll(async () => {
  ({ db } = await startTestApi(settings));
  handle = createRequestHandler(db, settings, { now: () => clock });
  operator = createRequestHandler(db, operatorSettings, { now: () => clock });
}, 60_000);
afterAll(async () => {
  // The strong layer of the keys set here, before the database goes.
  await keyStrengtheningOf(db).idle();
  await db?.close();
});
beforeEach(() => {
  clock += 3_600_000;
});

const COMPETENCY_VERSION = 'competency-2025-06';
const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);
const call = async (path: string, body: unknown, via = handle): Promise<Answer> => (await sendTo(via, path, body, '198.51.100.30')).answer;

type Consent = { version: string | null; at: number | null };
async function consentOf(assessorId: number): Promise<Consent> {
  const [row] = await db.query<{ privacy_consent_version: string | null; privacy_consent_at: Date | null }>(
    'select privacy_consent_version, privacy_consent_at from assessor where id = $1',
    [assessorId],
  );
  return { version: row!.privacy_consent_version, at: row!.privacy_consent_at ? new Date(row!.privacy_consent_at).getTime() : null };
}
const setConsent = (assessorId: number, version: string, at: number) =>
  db.query('update assessor set privacy_consent_version = $2, privacy_consent_at = $3 where id = $1', [assessorId, version, new Date(at)]);

/** A new ident-code assessment of competency-24 (its own privacy text), with tokens as after the ident code and after the access code. */
async function identParticipant(options: { mustRegister?: boolean } = {}) {
  const [created] = await createAssessments(db, { questionnaireKey: 'competency-24', publicUrl: TEST_PUBLIC_URL, ...options });
  const [row] = await db.query<{ id: number; assessor_id: number }>('select id, assessor_id from assessment where ident_code = $1', [created!.identCode]);
  return {
    assessorId: row!.assessor_id,
    loggedIn: signToken({ product: 1, isLoggedIn: true, assessorId: row!.assessor_id, assessment: row!.id }, SECRET, 3600, clock),
    identCodeHolder: signToken({ product: 1, isLoggedIn: false, assessment: row!.id }, SECRET, 3600, clock),
  };
}

const registerBody = (token: string, passwordEncrypted = encrypt('Sonne2026')) => ({
  gender: 1, firstName: 'Rita', lastName: 'Register', emailAddress: 'rita@example.org', passwordEncrypted, uiLanguage: 'de-DE', token,
});

describe('/accesspassword (submit/kodekodex/personalinfo): the box is locked for the account', () => {
  it('records the version of the assessment\'s text and the time where no consent is recorded yet', async () => {
    const p = await identParticipant();
    expect(await consentOf(p.assessorId)).toEqual({ version: null, at: null });
    expect(await call('submit/kodekodex/personalinfo', { passwordEncrypted: '', token: p.loggedIn })).toMatchObject({ statusCode: 1 });
    expect(await consentOf(p.assessorId)).toEqual({ version: COMPETENCY_VERSION, at: clock });
    const first = clock;
    clock += 60_000;
    expect(await call('submit/kodekodex/personalinfo', { passwordEncrypted: encrypt('Mond2026'), token: p.loggedIn })).toMatchObject({ statusCode: 1 });
    expect(await consentOf(p.assessorId)).toEqual({ version: COMPETENCY_VERSION, at: first });
  });

  it('keeps an earlier consent to another version: a locked box is no consent to the new text', async () => {
    const p = await identParticipant();
    await setConsent(p.assessorId, 'competency-2024-01', T0);
    expect(await call('submit/kodekodex/personalinfo', { passwordEncrypted: '', token: p.loggedIn })).toMatchObject({ statusCode: 1 });
    expect(await consentOf(p.assessorId)).toEqual({ version: 'competency-2024-01', at: T0 });
  });

  it('a refused save records nothing', async () => {
    const p = await identParticipant();
    expect(await call('submit/kodekodex/personalinfo', { passwordEncrypted: encrypt('kurz'), token: p.loggedIn })).toMatchObject({ statusCode: 5 });
    expect(await consentOf(p.assessorId)).toEqual({ version: null, at: null });
  });
});

describe('/register (submit/kodekodex/register)', () => {
  it('an assessor registering for the first time ticks the box: version and time recorded', async () => {
    const p = await identParticipant({ mustRegister: true });
    expect(await call('submit/kodekodex/register', registerBody(p.identCodeHolder))).toMatchObject({ statusCode: 1 });
    expect(await consentOf(p.assessorId)).toEqual({ version: COMPETENCY_VERSION, at: clock });
  });

  it('one not registered before, with an earlier consent, ticks the box again: the new consent replaces it', async () => {
    const p = await identParticipant();
    await db.query('update assessor set must_register = true, is_registered = false where id = $1', [p.assessorId]);
    await setConsent(p.assessorId, 'competency-2024-01', T0);
    expect(await call('submit/kodekodex/register', registerBody(p.loggedIn, ''))).toMatchObject({ statusCode: 1 });
    expect(await consentOf(p.assessorId)).toEqual({ version: COMPETENCY_VERSION, at: clock });
  });

  it('a registered assessor registering again sees the box ticked and locked: an earlier consent stays, none is recorded where none was', async () => {
    const earlier = await identParticipant();
    await db.query('update assessor set must_register = true where id = $1', [earlier.assessorId]);
    await setConsent(earlier.assessorId, 'competency-2024-01', T0);
    expect(await call('submit/kodekodex/register', registerBody(earlier.loggedIn, ''))).toMatchObject({ statusCode: 1 });
    expect(await consentOf(earlier.assessorId)).toEqual({ version: 'competency-2024-01', at: T0 });

    const none = await identParticipant();
    await db.query('update assessor set must_register = true where id = $1', [none.assessorId]);
    expect(await call('submit/kodekodex/register', registerBody(none.loggedIn, ''))).toMatchObject({ statusCode: 1 });
    expect(await consentOf(none.assessorId)).toEqual({ version: COMPETENCY_VERSION, at: clock });
  });
});

describe('the personal-info page of every group variant (submit/<variant>/personalinfo)', () => {
  /** A participant just after the group login: no key, so no account, and the box unticked. */
  async function groupParticipant(code: string) {
    const group = (await findGroupCode(db, code))!;
    const member = await db.transaction((tx) => createMember(tx, group));
    return { ...member, token: signToken({ product: group.product as 1, isLoggedIn: true, assessment: member.assessmentId }, SECRET, 3600, clock) };
  }

  const BODIES: Record<string, Record<string, unknown>> = {
    ra: { name: 'Nora Neu', email: '' },
    kodew: { additionalFieldsWithValues: [{ id: 1, value: 'Vertrieb' }, { id: 2, value: '3-5' }] },
    kodegroupcode: { additionalFieldsWithValues: [{ id: 1, value: 'Blau' }] },
  };

  it.each([
    ['ra', 'RADEMO01'],
    ['kodew', 'KWDEMO01'],
    ['kodegroupcode', 'KGDEMO01'],
  ])('%s: the save records the version of the text shown (built-in, or the operator\'s default) and the time', async (variant, code) => {
    const builtIn = await groupParticipant(code);
    const save = (p: { token: string }, via: Handle) =>
      call(`submit/${variant}/personalinfo`, { ...BODIES[variant], password: encrypt('Sonne2026'), uiLanguage: 'de-DE', token: p.token }, via);
    expect(await save(builtIn, handle)).toMatchObject({ statusCode: 1 });
    expect(await consentOf(builtIn.assessorId)).toEqual({ version: BUILT_IN_PRIVACY_VERSION, at: clock });

    const withDefault = await groupParticipant(code);
    expect(await save(withDefault, operator)).toMatchObject({ statusCode: 1 });
    expect(await consentOf(withDefault.assessorId)).toEqual({ version: 'operator-7', at: clock });
  });

  it('the questionnaire\'s own text: its version; after a new version of the text, the locked box keeps the first consent', async () => {
    const read = await readQuestionnaireFile(path.join(bundledQuestionnaireFolder(), 'grid-10.json'));
    if (!read.ok) throw new Error(read.problems.join('; '));
    const importWith = async (version: string, wording: string) => {
      const questionnaire: Questionnaire = { ...read.questionnaire, key: 'team-privacy', privacyText: { version, text: { de: wording } } };
      const imported = await importQuestionnaire(db, { ...read, questionnaire, checksum: checksumOf(questionnaire, read.images) });
      expect(imported.status).not.toBe('refused');
    };
    await importWith('team-1', 'Datenschutz des Teams, erste Fassung');
    const { code } = await createGroupCode(db, {
      variant: 'kodegroupcode',
      questionnaires: [{ key: 'team-privacy', questionnaireType: 1, selectable: true }],
      publicUrl: TEST_PUBLIC_URL,
    });
    const p = await groupParticipant(code);
    const page = async () => ((await call('pageinfo/kodegroupcode/personalinfo', { token: p.token, uiLanguage: 'de-DE' })).translations as Translation[]).find((t) => t.key === 'PrivacyText')!.value;
    expect(await page()).toBe('Datenschutz des Teams, erste Fassung');
    const saved = await call('submit/kodegroupcode/personalinfo', { additionalFieldsWithValues: [], password: encrypt('Sonne2026'), uiLanguage: 'de-DE', token: p.token });
    expect(saved).toMatchObject({ statusCode: 1 });
    const first = clock;
    expect(await consentOf(p.assessorId)).toEqual({ version: 'team-1', at: first });

    // Nobody has answered yet, so the participant's assessment moves to the new version and its text.
    await importWith('team-2', 'Datenschutz des Teams, zweite Fassung');
    clock += 60_000;
    const withAccount = { token: saved.token! };
    expect(((await call('pageinfo/kodegroupcode/personalinfo', { token: withAccount.token, uiLanguage: 'de-DE' })).translations as Translation[]).find((t) => t.key === 'PrivacyText')!.value)
      .toBe('Datenschutz des Teams, zweite Fassung');
    expect(await call('submit/kodegroupcode/personalinfo', { additionalFieldsWithValues: [], password: '', uiLanguage: 'de-DE', token: withAccount.token })).toMatchObject({ statusCode: 1 });
    expect(await consentOf(p.assessorId)).toEqual({ version: 'team-1', at: first });
  });
});

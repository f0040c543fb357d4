import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAssessments } from '@/lib/admin/assessments';
import { LANGUAGES, type Language } from '@/lib/api/languages';
import type { Translation } from '@/lib/api/schemas/common';
import { canonicalJson } from '@/lib/content/checksum';
import type { PrivacyTexts } from '@/lib/content/privacy';
import type { Database } from '../db/database';
import { demoValue } from '../demo/seed';
import { findGroupCode, createMember } from '../groups/store';
import { operatorPrivacyTexts } from '../index';
import { localize } from '../questionnaires/definitions';
import { createRequestHandler } from '../server';
import { bundledDefinition, sendTo, startTestApi, TEST_PUBLIC_URL, testSettings, type Answer, type Handle } from '../testApi';
import { signToken } from '../tokens';
import { CATALOGUES } from '../translations';
import { BUILT_IN_PRIVACY_VERSION, builtInPrivacyText, shownPrivacy } from './texts';

/**
 * The privacy text the consent box opens and the finished page's retention notice, as the embedded
 * API serves them (translations PrivacyText and RetentionNotice): the questionnaire's own
 * (competency-24 has both), else the operator's default (content/privacy.json, here given as
 * settings), else the built-in privacy text and no notice; in each of the five languages.
 */
const SECRET = 'x'.repeat(40);
const OPERATOR: PrivacyTexts = {
  privacyText: {
    version: 'operator-7',
    text: { de: 'Datenschutz des Betreibers', en: 'The operator\'s privacy notice', fr: 'Confidentialité de l’exploitant', it: 'Privacy del gestore', cz: 'Ochrana údajů provozovatele' },
  },
  // German and English only: the other languages are shown the German.
  retentionNotice: { de: 'Der Betreiber löscht nach zwei Jahren.', en: 'The operator deletes after two years.' },
};
/** The built-in privacy text's five languages, hashed: what BUILT_IN_PRIVACY_VERSION names. */
const BUILT_IN_HASH = '85780f58c41316dc7389a32da7ffcc7dead1e75c36ecf5c1b21e5a576dee2fcc';
const builtInSettings = testSettings(SECRET);
const operatorSettings = { ...testSettings(SECRET), privacy: OPERATOR };

let db: Database;
let builtIn: Handle;
let operator: Handle;

beforeAll(async () => {
  ({ db } = await startTestApi(builtInSettings));
  builtIn = createRequestHandler(db, builtInSettings);
  operator = createRequestHandler(db, operatorSettings);
}, 60_000);
afterAll(async () => db?.close());

const call = async (handle: Handle, path: string, body: unknown): Promise<Answer> => (await sendTo(handle, path, body, '198.51.100.20')).answer;
const text = (answer: Answer, key: string) => (answer.translations as Translation[]).filter((t) => t.key === key).map((t) => t.value);

const COMPETENCY = bundledDefinition('competency-24');

/** A new ident-code assessment of a questionnaire and a logged-in token for it (as after the access code). */
async function assessment(questionnaireKey: string, options: { mustRegister?: boolean } = {}) {
  const [created] = await createAssessments(db, { questionnaireKey, publicUrl: TEST_PUBLIC_URL, ...options });
  const [row] = await db.query<{ id: number; assessor_id: number }>('select id, assessor_id from assessment where ident_code = $1', [created!.identCode]);
  const loggedIn = signToken({ product: 1, isLoggedIn: true, assessorId: row!.assessor_id, assessment: row!.id }, SECRET, 3600);
  const identCodeHolder = signToken({ product: 1, isLoggedIn: false, assessment: row!.id }, SECRET, 3600);
  return { id: row!.id, loggedIn, identCodeHolder };
}

/** A participant of a demo group code just after the group login (no key yet). */
async function groupParticipant(code: string) {
  const group = (await findGroupCode(db, code))!;
  const member = await db.transaction((tx) => createMember(tx, group));
  return signToken({ product: group.product as 1, isLoggedIn: true, assessment: member.assessmentId }, SECRET, 3600);
}

async function finished(questionnaireKey: string): Promise<string> {
  const a = await assessment(questionnaireKey);
  const definition = bundledDefinition(questionnaireKey);
  const rows = definition.questions.flatMap((q, index) => q.answerInfos.map((answer, i) => [q.id, answer.id, demoValue(definition, index, i, q.answerInfos.length)] as const));
  await db.query(
    'insert into answer (assessment_id, question_id, answer_id, value) select $1, q, a, v from unnest($2::int[], $3::int[], $4::int[]) as t(q, a, v)',
    [a.id, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
  );
  expect(await call(builtIn, 'submit/finishassessment', { token: a.loggedIn })).toMatchObject({ statusCode: 1, logout: true });
  return a.loggedIn;
}

describe('which texts apply', () => {
  const own = { privacyText: { version: 'q-1', text: { de: 'Eigener' } }, retentionNotice: { de: 'Eigene Frist' } };

  it.each<[string, Parameters<typeof shownPrivacy>[0], PrivacyTexts | undefined, string, string | undefined]>([
    ['the questionnaire\'s own, over the default', own, OPERATOR, 'q-1', 'Eigene Frist'],
    ['the default where the questionnaire sets none', {}, OPERATOR, 'operator-7', OPERATOR.retentionNotice!.de],
    ['each field on its own: own text, the default\'s notice', { privacyText: own.privacyText }, OPERATOR, 'q-1', OPERATOR.retentionNotice!.de],
    ['the built-in text and no notice where nothing is set', {}, undefined, BUILT_IN_PRIVACY_VERSION, undefined],
    ['a default file with only a notice: the built-in text', undefined, { retentionNotice: { de: 'Nur Frist' } }, BUILT_IN_PRIVACY_VERSION, 'Nur Frist'],
  ])('%s', (_name, questionnaire, defaults, version, notice) => {
    const shown = shownPrivacy(questionnaire, defaults);
    expect(shown.privacyText.version).toBe(version);
    expect(shown.retentionNotice?.de).toBe(notice);
  });

  it('the built-in text is the translations\' PrivacyText, and its version changes with it', () => {
    const builtInText = builtInPrivacyText();
    for (const language of LANGUAGES) expect(localize(builtInText.text, language)).toBe(CATALOGUES[language].PrivacyText);
    // Changed the built-in PrivacyText? Then consents to the old wording must not count for the new
    // one: give BUILT_IN_PRIVACY_VERSION a new value and put the new hash here.
    const hash = createHash('sha256').update(canonicalJson(builtInText.text)).digest('hex');
    expect({ version: BUILT_IN_PRIVACY_VERSION, hash }).toEqual({ version: 'built-in-1', hash: BUILT_IN_HASH });
  });
});

describe('the consent box\'s text (PrivacyText) on the pages that have it', () => {
  it.each(LANGUAGES)('/accesspassword and /register of a competency-24 assessment: its own text, in %s, over the operator\'s default', async (language: Language) => {
    const accessPassword = await assessment('competency-24');
    const register = await assessment('competency-24', { mustRegister: true });
    const expected = localize(COMPETENCY.privacyText!.text, language);
    for (const handle of [builtIn, operator]) {
      const page = await call(handle, 'pageinfo/kodekodex/personalinfo', { token: accessPassword.loggedIn, uiLanguage: language });
      expect(text(page, 'PrivacyText')).toEqual([expected]);
      const registerPage = await call(handle, 'pageinfo/kodekodex/register', { token: register.identCodeHolder, uiLanguage: language });
      expect(registerPage.statusCode).toBe(1);
      expect(text(registerPage, 'PrivacyText')).toEqual([expected]);
    }
    // The rest of the texts are the page's as before.
    expect(expected).not.toBe(CATALOGUES[language].PrivacyText);
  });

  it.each(LANGUAGES)('a questionnaire without its own (grid-10): the operator\'s default in %s, else the built-in text', async (language: Language) => {
    const grid = await assessment('grid-10');
    const body = { token: grid.loggedIn, uiLanguage: language };
    expect(text(await call(operator, 'pageinfo/kodekodex/personalinfo', body), 'PrivacyText')).toEqual([localize(OPERATOR.privacyText!.text, language)]);
    expect(text(await call(builtIn, 'pageinfo/kodekodex/personalinfo', body), 'PrivacyText')).toEqual([CATALOGUES[language].PrivacyText]);
  });

  it.each([
    ['ra', 'RADEMO01'],
    ['kodew', 'KWDEMO01'],
    ['kodegroupcode', 'KGDEMO01'],
  ])('the %s personal-info page: the text of the participant\'s questionnaire (here the default) in each language', async (variant, code) => {
    const token = await groupParticipant(code);
    for (const language of LANGUAGES) {
      const page = await call(operator, `pageinfo/${variant}/personalinfo`, { token, uiLanguage: language });
      expect(page.statusCode).toBe(1);
      expect(text(page, 'PrivacyText')).toEqual([localize(OPERATOR.privacyText!.text, language)]);
      expect(text(page, 'PrivacyTitle')).toEqual([CATALOGUES[language].PrivacyTitle]);
      expect(text(await call(builtIn, `pageinfo/${variant}/personalinfo`, { token, uiLanguage: language }), 'PrivacyText')).toEqual([CATALOGUES[language].PrivacyText]);
    }
  });

  it('a refused page load carries the usual texts and nothing of a questionnaire', async () => {
    const forged = signToken({ product: 1, isLoggedIn: true, assessment: 1 }, 'y'.repeat(40), 3600);
    const refused = await call(operator, 'pageinfo/kodekodex/personalinfo', { token: forged, uiLanguage: 'de-DE' });
    expect(refused.statusCode).toBe(3);
    expect(text(refused, 'PrivacyText')).toEqual([CATALOGUES['de-DE'].PrivacyText]);
  });
});

describe('the finished page\'s retention notice (RetentionNotice)', () => {
  const finishedPage = (handle: Handle, token: string | undefined, language: Language) =>
    call(handle, 'pageinfo', { category: 'finishedquestionnaire', ...(token && { token }), uiLanguage: language });

  it.each(LANGUAGES)('with the token that finished competency-24: its own notice in %s', async (language: Language) => {
    const token = await finished('competency-24');
    for (const handle of [builtIn, operator]) {
      const page = await finishedPage(handle, token, language);
      expect(page).toMatchObject({ statusCode: 1, detailCode: 0 });
      expect(text(page, 'RetentionNotice')).toEqual([localize(COMPETENCY.retentionNotice!, language)]);
      expect(text(page, 'FinishedTitle')).toEqual([CATALOGUES[language].FinishedTitle]);
    }
  });

  it('a questionnaire without its own (grid-10): the operator\'s default (German where it has no translation), else none', async () => {
    const token = await finished('grid-10');
    expect(text(await finishedPage(operator, token, 'en-US'), 'RetentionNotice')).toEqual([OPERATOR.retentionNotice!.en]);
    expect(text(await finishedPage(operator, token, 'fr-FR'), 'RetentionNotice')).toEqual([OPERATOR.retentionNotice!.de]);
    const without = await finishedPage(builtIn, token, 'de-DE');
    expect(without.statusCode).toBe(1);
    expect(text(without, 'RetentionNotice')).toEqual([]);
  });

  it('without the token that finished, whose questionnaire it was is not known: no notice, but the page shows', async () => {
    const running = await assessment('competency-24');
    const forged = signToken({ product: 1, isLoggedIn: true, assessment: running.id }, 'y'.repeat(40), 3600);
    const signedOut = await assessment('competency-24');
    await call(builtIn, 'pageinfo/error', { category: 'SignOut', token: signedOut.loggedIn });
    for (const token of [undefined, running.loggedIn, forged, signedOut.loggedIn, 'not-a-token']) {
      const page = await finishedPage(operator, token, 'de-DE');
      expect(page).toMatchObject({ statusCode: 1, detailCode: 0 });
      expect(text(page, 'RetentionNotice')).toEqual([]);
    }
  });

  it('the token that finished reads nothing else: its pages stay refused', async () => {
    const token = await finished('competency-24');
    expect((await call(builtIn, 'pageinfo/kodekodex/personalinfo', { token })).statusCode).not.toBe(1);
    expect((await call(builtIn, 'pageinfo/questionnaire', { token, questionStartIndex: 1, questionsPerPage: 4 })).statusCode).not.toBe(1);
  });
});

describe('the operator\'s default at start (content/privacy.json)', () => {
  let folder: string;
  beforeAll(() => (folder = fs.mkdtempSync(path.join(os.tmpdir(), 'privacy-start-'))));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('no file: no default, the built-in text applies', async () => {
    expect(await operatorPrivacyTexts(path.join(folder, 'privacy.json'))).toBeUndefined();
  });

  it('a valid file: its texts become the default', async () => {
    const file = path.join(folder, 'valid.json');
    fs.writeFileSync(file, JSON.stringify(OPERATOR));
    expect(await operatorPrivacyTexts(file)).toEqual(OPERATOR);
  });

  it('a wrong file stops the start with every problem named, rather than showing a text the operator did not write', async () => {
    const file = path.join(folder, 'wrong.json');
    fs.writeFileSync(file, JSON.stringify({ privacyText: { version: 'eins zwei', text: {} }, retentionNotice: { de: 'x', es: 'y' } }));
    await expect(operatorPrivacyTexts(file)).rejects.toThrow(
      `${file} is not valid:\n` +
        '  privacyText.version: must be 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit (e.g. "2025-06")\n' +
        '  privacyText.text.de: required\n' +
        '  retentionNotice.es: unknown field',
    );
  });
});

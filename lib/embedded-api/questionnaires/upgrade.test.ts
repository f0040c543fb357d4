import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@/lib/config';
import { encryptClientValue } from '../clientCrypto';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrations';
import { startEmbeddedApi, type EmbeddedApi } from '../index';
import { hashKey } from '../keys';
import { bundledDefinition, TEST_CRYPTO } from '../testApi';

/**
 * A database from before questionnaires were data: assessments name a key but no version, and no
 * questionnaire rows exist. After the upgrade, the app starts, imports the bundled questionnaires
 * those assessments use, binds them, and participants go on where they were.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrade-'));
let api: EmbeddedApi;

async function legacyAssessment(db: Awaited<ReturnType<typeof openDatabase>>, identCode: string, key: string, answeredQuestions: number, finished = false) {
  const [assessor] = await db.query<{ id: number }>('insert into assessor (is_registered, key_hash) values (true, $1) returning id', [await hashKey('OLD4711')]);
  const [assessment] = await db.query<{ id: number }>(
    `insert into assessment (ident_code, product, assessor_id, first_login_done, questionnaire_key, finished_at) values ($1, 1, $2, true, $3, $4) returning id`,
    [identCode, assessor!.id, key, finished ? new Date() : null],
  );
  if (key !== 'competency-24') return;
  for (const [index, question] of bundledDefinition(key).questions.slice(0, answeredQuestions).entries()) {
    for (const [position, answer] of question.answerInfos.entries()) {
      await db.query('insert into answer (assessment_id, question_id, answer_id, value) values ($1, $2, $3, $4)', [assessment!.id, question.id, answer.id, ((position + index) % 4) + 1]);
    }
  }
}

beforeAll(async () => {
  // The old app's database, as it was left: migrated, demo-like rows, no questionnaire rows.
  const old = await openDatabase({ dataDir });
  await migrate(old);
  await old.query('delete from questionnaire');
  await legacyAssessment(old, 'OLDRESUME', 'competency-24', 8);
  await legacyAssessment(old, 'OLDFRESH1', 'competency-24', 0);
  await legacyAssessment(old, 'OLDDONE01', 'competency-24', 0, true);
  await legacyAssessment(old, 'OLDOTHER1', 'no-such-questionnaire', 0);
  await old.close();
  api = await startEmbeddedApi(
    loadConfig({ DATA_DIR: dataDir, CLIENT_CRYPTO_KEY: TEST_CRYPTO.key, CLIENT_CRYPTO_IV: TEST_CRYPTO.iv, SESSION_SECRET: 'u'.repeat(40) }),
  );
}, 120_000);

afterAll(async () => {
  await api?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const call = async (callPath: string, body: unknown) =>
  (await (await api.handle(new Request(`http://embedded.invalid/${callPath}`, { method: 'POST', headers: { 'x-forwarded-for': '203.0.113.5' }, body: JSON.stringify(body) }))).json()) as Record<string, unknown>;

async function login(identCode: string): Promise<string> {
  const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: identCode });
  const answer = await call('submit/kodekodex/login', { passwordHash: encryptClientValue('OLD4711', TEST_CRYPTO.key, TEST_CRYPTO.iv), token: ident.token });
  expect(answer.statusCode).toBe(1);
  return answer.token as string;
}

describe('starting on a database from before questionnaire versions', () => {
  it('imports the bundled questionnaire its assessments use, and only that one', async () => {
    const rows = await api.db.query<{ key: string; version: number }>('select key, version from questionnaire order by key');
    expect(rows).toEqual([{ key: 'competency-24', version: 1 }]);
  });

  it('binds every assessment of it to that version, answered, unanswered and finished alike', async () => {
    const rows = await api.db.query<{ ident_code: string; questionnaire_version: number | null }>('select ident_code, questionnaire_version from assessment order by ident_code');
    expect(rows).toEqual([
      { ident_code: 'OLDDONE01', questionnaire_version: 1 },
      { ident_code: 'OLDFRESH1', questionnaire_version: 1 },
      { ident_code: 'OLDOTHER1', questionnaire_version: null },
      { ident_code: 'OLDRESUME', questionnaire_version: 1 },
    ]);
  });

  it('lets a participant go on where they left off', async () => {
    const token = await login('OLDRESUME');
    const resumed = await call('pageinfo/questionnaire', { token, uiLanguage: 'de-DE', questionnaireLanguage: 'de-DE', questionsPerPage: 4 });
    expect(resumed).toMatchObject({ statusCode: 1, currentPage: 3, totalNumberOfPages: 6, questionnaireTitle: 'Kompetenzprofil Führung und Zusammenarbeit' });
  });

  it('answers NoRecordset, not an error, for an assessment whose questionnaire exists nowhere', async () => {
    const token = await login('OLDOTHER1');
    expect(await call('pageinfo/questionnaire', { token, questionsPerPage: 4 })).toMatchObject({ statusCode: 2, detailCode: 12 });
  });

  it('changes nothing on the next start', async () => {
    const before = await api.db.query('select key, version, checksum, imported_at from questionnaire');
    await api.close();
    api = await startEmbeddedApi(
      loadConfig({ DATA_DIR: dataDir, CLIENT_CRYPTO_KEY: TEST_CRYPTO.key, CLIENT_CRYPTO_IV: TEST_CRYPTO.iv, SESSION_SECRET: 'u'.repeat(40) }),
    );
    expect(await api.db.query('select key, version, checksum, imported_at from questionnaire')).toEqual(before);
  });
});

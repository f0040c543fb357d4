import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAssessments } from '@/lib/admin/assessments';
import { readQuestionnaireFile, type ValidQuestionnaireFile } from '@/lib/content/files';
import { encryptClientValue } from '../clientCrypto';
import type { Database } from '../db/database';
import { createRequestHandler } from '../server';
import { sendTo, startTestApi, testSettings, type Answer, type Handle } from '../testApi';
import { importQuestionnaire, importQuestionnaireFile, type ImportResult } from './import';

/**
 * Versions (content is data): a changed questionnaire that has answers becomes a new
 * version; participants keep theirs, new assessments get the latest; an unchanged file does nothing.
 */
const settings = testSettings('v'.repeat(40));
/** A PNG signature and the header chunk with its size (4 × 3), which is all the import reads of an image. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.from([0, 0, 0, 4, 0, 0, 0, 3]),
  Buffer.from('scale image'),
]);

let db: Database;
let handle: Handle;
const folders: string[] = [];

beforeAll(async () => {
  ({ db, handle } = await startTestApi(settings, { demo: false }));
}, 60_000);

afterAll(async () => {
  await db?.close();
  folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true }));
});

type Page = Answer & {
  questionnaireTitle: string;
  totalNumberOfPages: number;
  canFinish: boolean;
  questions: Array<{ id: number; text: string; imageKey: string | null; info1: string[] | null; info2: string | null; info3: string | null; info4: string | null; answerInfos: Array<{ id: number; text: string }> }>;
};

/** A rating grid (product 2), one question per page; `edition` goes into the texts, `questions` sets how many. */
function teamCheck(edition: string, questions = 2, extra: Record<string, unknown> = {}) {
  return {
    $schema: './questionnaire.schema.json',
    key: 'team-check',
    title: { de: `Teamcheck ${edition}`, en: `Team check ${edition}` },
    product: 2,
    questionsPerPage: 1,
    noDetails: true,
    notRated: false,
    answervaluesConfig: { valueInfos: [1, 2, 3, 4].map((value) => ({ value, caption: { de: `Stufe ${value}`, en: `Level ${value}` } })) },
    questions: Array.from({ length: questions }, (_, i) => ({
      id: i + 1,
      text: { de: `Frage ${i + 1} (${edition})`, en: `Question ${i + 1} (${edition})` },
      answerInfos: [1, 2].map((n) => ({ id: (i + 1) * 10 + n, text: { de: `Aussage ${n}`, en: `Statement ${n}` } })),
    })),
    ...extra,
  };
}

/** Writes content/questionnaires-style files into a fresh folder; answers the path of <key>.json. */
function write(definition: { key: string } & Record<string, unknown>, images: Record<string, Buffer> = {}): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'import-'));
  folders.push(folder);
  const file = path.join(folder, `${definition.key}.json`);
  fs.writeFileSync(file, JSON.stringify(definition, null, 2));
  for (const [name, data] of Object.entries(images)) {
    fs.mkdirSync(path.join(folder, definition.key), { recursive: true });
    fs.writeFileSync(path.join(folder, definition.key, name), data);
  }
  return file;
}

async function valid(file: string): Promise<ValidQuestionnaireFile> {
  const read = await readQuestionnaireFile(file);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  return read;
}

const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);
const call = async (body: Record<string, unknown>, callPath = 'pageinfo/questionnaire', via = handle) => (await sendTo(via, callPath, body, '203.0.113.9')).answer;
const encode = (questionStartIndex: number, answers: Array<{ id: number; value: number }>) =>
  Buffer.from(JSON.stringify({ questionStartIndex, answers })).toString('base64');

async function newParticipant(): Promise<{ identCode: string; token: string }> {
  const [created] = await createAssessments(db, { questionnaireKey: 'team-check', publicUrl: 'https://assess.example' });
  const ident = await call({ assessmentIdentCode: created!.identCode }, 'submit/kodekodex/identcode');
  const login = await call({ passwordHash: encrypt(created!.accessCode!), token: ident.token }, 'submit/kodekodex/login');
  expect(login.token).toBeTruthy();
  return { identCode: created!.identCode, token: login.token as string };
}

const page = async (token: string, body: Record<string, unknown> = {}, via = handle) =>
  (await call({ token, uiLanguage: 'en-US', questionnaireLanguage: 'en-US', questionsPerPage: 1, ...body }, 'pageinfo/questionnaire', via)) as Page;

/** Rates question n (1-based) of team-check and moves to the page after it. */
const rate = (token: string, n: number, via = handle) =>
  page(token, { questionStartIndex: n + 1, answers: encode(n, [{ id: n * 10 + 1, value: 3 }, { id: n * 10 + 2, value: 4 }]) }, via);

const versionOf = async (identCode: string) =>
  (await db.query<{ v: number }>('select questionnaire_version as v from assessment where ident_code = $1', [identCode]))[0]!.v;

const versions = async () => (await db.query<{ version: number }>(`select version from questionnaire where key = 'team-check' order by version`)).map((r) => r.version);

describe('importing a questionnaire: versions', () => {
  let first: { identCode: string; token: string };
  let unstarted: { identCode: string; token: string };

  it('creates version 1, stores its images, and serves imageKey and info1–info4 from the definition', async () => {
    const withDetails = teamCheck('A');
    Object.assign(withDetails.questions[0]!, {
      imageKey: 'scale',
      info1: [{ de: 'Gemeint ist:', en: 'This means:' }, { de: 'Kooperation', en: 'Cooperation' }],
      info2: { de: 'Definition', en: 'Definition' },
      info3: { de: 'Erklärung', en: 'Explanation' },
      info4: { de: 'Übertreibung', en: 'Exaggeration' },
    });
    const result = await importQuestionnaireFile(db, write(withDetails, { 'scale.png': PNG }));
    expect(result).toMatchObject({ status: 'created', key: 'team-check', version: 1 });
    const [image] = await db.query<{ image_key: string; media_type: string; data: Uint8Array }>(
      `select image_key, media_type, data from questionnaire_image where questionnaire_key = 'team-check' and questionnaire_version = 1`,
    );
    expect([image!.image_key, image!.media_type, Buffer.from(image!.data).equals(PNG)]).toEqual(['scale', 'image/png', true]);

    first = await newParticipant();
    const shown = await page(first.token, { questionStartIndex: 1 });
    expect(shown.questions[0]).toMatchObject({
      imageKey: 'scale', info1: ['This means:', 'Cooperation'], info2: 'Definition', info3: 'Explanation', info4: 'Exaggeration', text: 'Question 1 (A)',
    });
    expect((await page(first.token, { questionStartIndex: 2 })).questions[0]).toMatchObject({ imageKey: null, info1: null, info2: null });
  });

  it('re-importing the unchanged file does nothing, however it is laid out', async () => {
    const before = await db.query('select * from questionnaire');
    const again = teamCheck('A');
    Object.assign(again.questions[0]!, {
      imageKey: 'scale',
      info1: [{ de: 'Gemeint ist:', en: 'This means:' }, { de: 'Kooperation', en: 'Cooperation' }],
      info2: { de: 'Definition', en: 'Definition' },
      info3: { de: 'Erklärung', en: 'Explanation' },
      info4: { de: 'Übertreibung', en: 'Exaggeration' },
    });
    const reordered = Object.fromEntries(Object.entries(again).reverse()) as typeof again;
    expect(await importQuestionnaireFile(db, write(reordered, { 'scale.png': PNG }))).toMatchObject({ status: 'unchanged', version: 1 });
    expect(await db.query('select * from questionnaire')).toEqual(before);
  });

  it('a changed image is a change too', async () => {
    // Nobody has answered yet: the change becomes version 2 and the participant moves to it.
    const changed = teamCheck('A');
    Object.assign(changed.questions[0]!, { imageKey: 'scale' });
    const result = await importQuestionnaireFile(db, write(changed, { 'scale.png': Buffer.concat([PNG, Buffer.from('v2')]) }));
    expect(result).toMatchObject({ status: 'new-version', version: 2, moved: 1 });
    expect(await versionOf(first.identCode)).toBe(2);
  });

  it('a changed file whose questionnaire has answers becomes a new version; the participant keeps theirs', async () => {
    expect((await rate(first.token, 1)).statusCode).toBe(1);
    unstarted = await newParticipant();
    const result = await importQuestionnaireFile(db, write(teamCheck('B', 3)));
    // The one who answered keeps version 2; the one who has not answered yet moves to version 3.
    expect(result).toMatchObject({ status: 'new-version', version: 3, moved: 1 });
    expect(await versionOf(first.identCode)).toBe(2);
    expect(await versionOf(unstarted.identCode)).toBe(3);
    expect(await versions()).toEqual([1, 2, 3]);
  });

  it('a participant of the older version still sees its texts, and can save and finish', async () => {
    const second = await page(first.token, { questionStartIndex: 2 });
    expect(second).toMatchObject({ statusCode: 1, questionnaireTitle: 'Team check A', totalNumberOfPages: 2 });
    expect(second.questions[0]!.text).toBe('Question 2 (A)');
    const last = await rate(first.token, 2);
    expect(last).toMatchObject({ statusCode: 1, canFinish: true });
    expect(await call({ token: first.token }, 'submit/finishassessment')).toMatchObject({ statusCode: 1, logout: true });
  });

  it('the participant who had not started, and a new assessment, get the latest version', async () => {
    const moved = await page(unstarted.token, { questionStartIndex: 1 });
    expect(moved).toMatchObject({ questionnaireTitle: 'Team check B', totalNumberOfPages: 3 });
    const [created] = await createAssessments(db, { questionnaireKey: 'team-check', publicUrl: 'https://assess.example' });
    expect(created!.questionnaireVersion).toBe(3);
    expect(await versionOf(created!.identCode)).toBe(3);
  });

  it('refuses a new version that changes the product of a questionnaire in use, and writes nothing', async () => {
    const ranking = { ...teamCheck('C'), product: 3 };
    const result = await importQuestionnaireFile(db, write(ranking));
    expect(result).toMatchObject({ status: 'refused', key: 'team-check' });
    expect((result as Extract<ImportResult, { status: 'refused' }>).problems).toEqual([
      expect.stringMatching(/^product: 2 in version 3, which \d+ assessments use; a new version cannot change it \(import it under a new key\)$/),
    ]);
    expect(await versions()).toEqual([1, 2, 3]);
  });

  it('a refused file changes nothing', async () => {
    const broken = teamCheck('D');
    delete (broken.questions[1]!.text as { de?: string }).de;
    const result = await importQuestionnaireFile(db, write(broken));
    expect(result).toMatchObject({ status: 'refused', problems: ['questions[1].text.de: required'] });
    expect(await versions()).toEqual([1, 2, 3]);
  });

  it('a save that crosses an import moving its assessment saves nothing and says so', async () => {
    const racer = await newParticipant();
    expect(await versionOf(racer.identCode)).toBe(3);
    const next = await valid(write(teamCheck('E', 3)));
    // The import lands between the save's check of the answers and its transaction.
    let imported: ImportResult | undefined;
    const crossing: Database = {
      ...db,
      query: db.query.bind(db),
      close: db.close.bind(db),
      kind: db.kind,
      transaction: async (fn) => {
        imported ??= await importQuestionnaire(db, next);
        return db.transaction(fn);
      },
    };
    const answer = await rate(racer.token, 1, createRequestHandler(crossing, settings));
    expect(imported).toMatchObject({ status: 'new-version', version: 4 });
    expect(answer).toMatchObject({ statusCode: 5, errorInfo: expect.stringContaining('the questionnaire was updated while this page was open') });
    expect(await db.query('select 1 from answer a join assessment s on s.id = a.assessment_id where s.ident_code = $1', [racer.identCode])).toEqual([]);
    // Loaded again, the page is the new version's, and saving works.
    expect((await page(racer.token, { questionStartIndex: 1 })).questionnaireTitle).toBe('Team check E');
    expect((await rate(racer.token, 1)).statusCode).toBe(1);
  });
});

describe('the cache of definitions', () => {
  it('never serves a stale definition when the same key and version hold other content (a rebuilt database)', async () => {
    const other = await startTestApi(settings, { demo: false });
    try {
      expect(await importQuestionnaireFile(other.db, write({ ...teamCheck('Z'), title: { de: 'Anderer Teamcheck', en: 'Another team check' } }))).toMatchObject({ version: 1 });
      const [created] = await createAssessments(other.db, { questionnaireKey: 'team-check', publicUrl: 'https://assess.example' });
      const ident = await call({ assessmentIdentCode: created!.identCode }, 'submit/kodekodex/identcode', other.handle);
      const login = await call({ passwordHash: encrypt(created!.accessCode!), token: ident.token }, 'submit/kodekodex/login', other.handle);
      // Version 1 of team-check was cached from the first database above ('Team check A').
      expect((await page(login.token as string, { questionStartIndex: 1 }, other.handle)).questionnaireTitle).toBe('Another team check');
    } finally {
      await other.db.close();
    }
  });
});

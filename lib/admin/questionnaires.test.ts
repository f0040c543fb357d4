import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundledQuestionnaireFolder, readQuestionnaireFile } from '@/lib/content/files';
import type { Database } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { openTestDatabase } from '@/lib/embedded-api/db/testDatabase';
import { checkUploadedQuestionnaire, importUploadedQuestionnaire, listQuestionnaireVersions, UPLOAD_MAX_BYTES } from './questionnaires';

const bundled = (key: string) => JSON.parse(fs.readFileSync(path.join(bundledQuestionnaireFolder(), `${key}.json`), 'utf8')) as Record<string, unknown>;
const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value, null, 2));

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
}, 120_000);
afterAll(() => db.close());

describe('checkUploadedQuestionnaire: the command line\'s checks, for one file without its folder', () => {
  it('names every problem by its JSON path in the very words `questionnaire import` prints', async () => {
    const broken = { ...bundled('grid-10'), key: 'grid-broken', product: 'two', questions: [{ id: 1, text: { en: 'no German' } }] };
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-'));
    try {
      fs.writeFileSync(path.join(folder, 'grid-broken.json'), JSON.stringify(broken));
      const onDisk = await readQuestionnaireFile(path.join(folder, 'grid-broken.json'));
      const uploaded = checkUploadedQuestionnaire('mine.json', bytes(broken));
      expect(uploaded.ok).toBe(false);
      expect(onDisk.ok).toBe(false);
      const problems = (uploaded as { problems: string[] }).problems;
      expect(problems).toEqual((onDisk as { problems: string[] }).problems);
      expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^product: /), expect.stringMatching(/^questions\[0\]\.text\.de: required/)]));
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('bad JSON is named by line and column; too large and images are refused', () => {
    expect(checkUploadedQuestionnaire('x.json', bytes('{\n  "key": "x",\n}'))).toMatchObject({ ok: false, problems: [expect.stringMatching(/line 3/)] });
    expect(checkUploadedQuestionnaire('x.json', new Uint8Array(UPLOAD_MAX_BYTES + 1))).toEqual({ ok: false, file: 'x.json', problems: ['(file): larger than 1000 KB'] });
    const withImages = checkUploadedQuestionnaire('kodew.json', bytes(bundled('kodew-leadership')));
    expect(withImages).toMatchObject({ ok: false, key: 'kodew-leadership' });
    const problems = (withImages as { problems: string[] }).problems;
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem).toMatch(/^questions\[\d+\]\.imageKey: an uploaded file cannot bring images/);
  });

  it('a valid file has the checksum the same file on disk has', async () => {
    const uploaded = checkUploadedQuestionnaire('anything.json', fs.readFileSync(path.join(bundledQuestionnaireFolder(), 'grid-10.json')));
    const onDisk = await readQuestionnaireFile(path.join(bundledQuestionnaireFolder(), 'grid-10.json'));
    expect(uploaded.ok && onDisk.ok && uploaded.checksum === onDisk.checksum).toBe(true);
  });
});

describe('importUploadedQuestionnaire and listQuestionnaireVersions', () => {
  it('creates, keeps unchanged, makes a new version, and lists each', async () => {
    const file = { ...bundled('grid-10'), key: 'grid-upload' };
    expect(await importUploadedQuestionnaire(db, 'a.json', bytes(file))).toMatchObject({ key: 'grid-upload', status: 'created', version: 1, moved: 0 });
    expect(await importUploadedQuestionnaire(db, 'a.json', bytes(file))).toMatchObject({ status: 'unchanged', version: 1 });
    expect(await importUploadedQuestionnaire(db, 'a.json', bytes({ ...file, title: { de: 'Neu', en: 'New' } }))).toMatchObject({ status: 'new-version', version: 2 });
    expect(await importUploadedQuestionnaire(db, 'b.json', bytes('not json'))).toMatchObject({ status: 'refused', file: 'b.json' });
    const rows = await listQuestionnaireVersions(db);
    expect(rows.map((row) => [row.key, row.version, row.product, row.questions, row.assessments, row.answered])).toEqual([
      ['grid-upload', 1, 2, 10, 0, 0],
      ['grid-upload', 2, 2, 10, 0, 0],
    ]);
    expect(rows[0]!.importedAt).toBeInstanceOf(Date);
  });
});

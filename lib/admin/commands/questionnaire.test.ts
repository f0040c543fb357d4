import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundledQuestionnaireFolder } from '@/lib/content/files';
import { EXIT, type Io } from '../command';
import { withAdminDatabase } from '../database';
import { runAdmin } from '../main';

/** questionnaire import and questionnaire list, run in-process on PGlite in a temporary DATA_DIR. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-questionnaire-'));
const env = { DATA_DIR: dataDir, PUBLIC_URL: 'https://assess.example' };
const folders: string[] = [dataDir];

afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

function recorder(): Io & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), env };
}

async function admin(...argv: string[]) {
  const io = recorder();
  const code = await runAdmin(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

/** A folder of questionnaire files: copies of the bundled ones, and whatever a test adds. */
function folderWith(files: Record<string, string> = {}, bundled = true): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'questionnaire-files-'));
  folders.push(folder);
  if (bundled) fs.cpSync(bundledQuestionnaireFolder(), folder, { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), text);
  return folder;
}

/** The bundled questionnaire files in the order the import takes them. */
const bundledFiles = () => fs.readdirSync(bundledQuestionnaireFolder()).filter((file) => file.endsWith('.json') && file !== 'questionnaire.schema.json').sort();
const grid = () => JSON.parse(fs.readFileSync(path.join(bundledQuestionnaireFolder(), 'grid-10.json'), 'utf8'));
const counts = () => withAdminDatabase(env, async ({ db }) => (await db.query<{ n: number }>('select count(*)::int as n from questionnaire'))[0]!.n);

describe('questionnaire import', () => {
  it('imports every file of a folder except the schema, and says what it did with each', async () => {
    const folder = folderWith();
    const first = await admin('questionnaire', 'import', folder);
    expect(first).toMatchObject({ code: EXIT.ok, err: '' });
    expect(first.out).toBe(bundledFiles().map((file) => `${folder}/${file}: created version 1`).join('\n'));
    const again = await admin('questionnaire', 'import', folder);
    expect(again.out).toBe(bundledFiles().map((file) => `${folder}/${file}: unchanged (version 1)`).join('\n'));
  }, 60_000);

  it('imports a changed file as a new version', async () => {
    const changed = { ...grid(), title: { de: 'Arbeitsstil-Einschätzung 2026', en: 'Working style assessment 2026' } };
    const folder = folderWith({ 'grid-10.json': JSON.stringify(changed) }, false);
    const result = await admin('questionnaire', 'import', path.join(folder, 'grid-10.json'));
    expect(result).toMatchObject({ code: EXIT.ok, out: `${folder}/grid-10.json: new version 2` });
  }, 60_000);

  it('refuses a wrong file with every problem by its JSON path, exits 1, and imports the others', async () => {
    const broken = grid();
    delete broken.questions[3].answerInfos[1].text.de;
    broken.questions[0].subtext = broken.questions[0].subText;
    broken.questions[2].id = broken.questions[1].id;
    const folder = folderWith({ 'grid-10.json': JSON.stringify({ ...broken, key: 'grid-10' }), 'new-one.json': JSON.stringify({ ...grid(), key: 'new-one' }), 'typo.json': '{ "key": "typo",\n  "title": }' }, false);
    const before = await counts();
    const result = await admin('questionnaire', 'import', folder);
    expect(result.code).toBe(EXIT.failure);
    expect(result.out).toBe(`${folder}/new-one.json: created version 1`);
    expect(result.err).toContain(`${folder}/grid-10.json: refused\n`);
    expect(result.err).toContain('  questions[3].answerInfos[1].text.de: required\n');
    expect(result.err).toContain("  questions[0].subtext: unknown field (did you mean 'subText'?)\n");
    expect(result.err).toContain(`  questions[2].id: ${broken.questions[1].id} is already the id of questions[1]`);
    expect(result.err).toContain(`${folder}/typo.json: refused\n  (file): not valid JSON at line 2, column 12:`);
    expect(result.err).not.toMatch(/\n\s+at /);
    expect(await counts()).toBe(before + 1);
  }, 60_000);

  it('with --check, checks without opening the database', async () => {
    const folder = folderWith({ 'bad.json': '[]' });
    // A DATA_DIR nobody can create: the command would fail if it opened the database.
    const nowhere = { DATA_DIR: '/proc/no-database-here' };
    const checked = { ...recorder(), env: nowhere };
    expect(await runAdmin(['questionnaire', 'import', '--check', path.join(folder, 'grid-10.json')], checked)).toBe(EXIT.ok);
    expect(checked.stdout).toEqual([`${folder}/grid-10.json: valid (grid-10, 10 questions)`]);
    const refused = { ...recorder(), env: nowhere };
    expect(await runAdmin(['questionnaire', 'import', '--check', folder], refused)).toBe(EXIT.failure);
    expect(refused.stderr).toEqual([`${folder}/bad.json: refused\n  (file): expected an object { … }, got a list`]);
  });

  it.each<[string[], string]>([
    [[], 'name a questionnaire file or a folder of them'],
    [['/no/such/file.json'], "'/no/such/file.json' does not exist"],
    [['--force', 'x.json'], "unknown option '--force'"],
  ])('refuses the arguments %j with a usage message and exit code 2', async (args, message) => {
    const result = await admin('questionnaire', 'import', ...args);
    expect(result.code).toBe(EXIT.usage);
    expect(result.err).toContain(message);
    expect(result.err).toContain("Run 'npm run admin -- questionnaire import --help'");
  });

  it('refuses a folder without questionnaire files', async () => {
    const folder = folderWith({ 'questionnaire.schema.json': '{}' }, false);
    expect(await admin('questionnaire', 'import', folder)).toMatchObject({ code: EXIT.usage, err: expect.stringContaining('holds no questionnaire file') });
  });

  it('has --help', async () => {
    const result = await admin('questionnaire', 'import', '--help');
    expect(result.code).toBe(EXIT.ok);
    expect(result.out).toMatch(/^Usage: npm run admin -- questionnaire import <file\|folder>/);
    expect(result.out).toContain('new version N');
  });
});

describe('questionnaire list', () => {
  it('lists every version with its product, questions, import time, assessments and how many have answers', async () => {
    await withAdminDatabase(env, async ({ db }) => {
      const [assessor] = await db.query<{ id: number }>('insert into assessor default values returning id');
      for (const [code, version, answered] of [['LIST0001', 1, true], ['LIST0002', 2, false], ['LIST0003', 2, true]] as const) {
        const [a] = await db.query<{ id: number }>(
          `insert into assessment (ident_code, product, assessor_id, questionnaire_key, questionnaire_version) values ($1, 2, $2, 'grid-10', $3) returning id`,
          [code, assessor!.id, version],
        );
        if (answered) await db.query('insert into answer (assessment_id, question_id, answer_id, value) values ($1, 201, 2011, 1)', [a!.id]);
      }
    });
    const result = await admin('questionnaire', 'list');
    expect(result.code).toBe(EXIT.ok);
    const lines = result.out.split('\n').map((line) => line.trim().split(/\s{2,}/));
    expect(lines[0]).toEqual(['key', 'version', 'product', 'questions', 'imported at', 'assessments', 'answered']);
    // The bundled questionnaires of the group flows are listed too; this test is about grid-10.
    expect(lines.slice(1).filter(([key]) => !key!.startsWith('kodew-')).map(([key, version, product, questions, , assessments, answered]) => [key, version, product, questions, assessments, answered])).toEqual([
      ['competency-24', '1', '1', '24', '0', '0'],
      ['grid-10', '1', '2', '10', '1', '1'],
      ['grid-10', '2', '2', '10', '2', '1'],
      ['grid-details', '1', '2', '3', '0', '0'],
      ['new-one', '1', '2', '10', '0', '0'],
      ['ra-requirements', '1', '3', '12', '0', '0'],
    ]);
    expect(lines[1]![4]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  }, 60_000);

  it('says so when nothing is imported yet', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-empty-'));
    folders.push(empty);
    const io = { ...recorder(), env: { DATA_DIR: empty } };
    expect(await runAdmin(['questionnaire', 'list'], io)).toBe(EXIT.ok);
    expect(io.stderr.join('')).toContain('No questionnaire is imported yet.');
  }, 60_000);

  it('refuses arguments it does not know', async () => {
    expect((await admin('questionnaire', 'list', 'extra')).code).toBe(EXIT.usage);
  });
});

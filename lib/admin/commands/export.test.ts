import fs from 'node:fs';
import { createTestStore, type TestStore } from '@/lib/embedded-api/db/testDatabase';
import path from 'node:path';
import type { Sql } from '@/lib/embedded-api/db/database';
import { EXIT } from '../command';
import { exportAnswers } from '../export';
import { runAdmin } from '../main';
import { envFor, insertQuestionnaire, parseCsv, recorder, tempDataDir, withDb } from '../testSupport';

const dataDir = tempDataDir();
let store: TestStore;
let env: Record<string, string>;
const HEADER = 'ident_code,questionnaire_key,questionnaire_version,question_id,answer_id,value,saved_at,finished_at';

beforeAll(async () => {
  store = await createTestStore();
  env = envFor(dataDir, store);
  await withDb(env, async (opened) => {
    const { db } = opened;
    await insertQuestionnaire(opened, 'team-check', 1);
    await insertQuestionnaire(opened, 'other', 1);
    const assessment = async (identCode: string, key: string, version: number | null, finishedAt: string | null) => {
      const [assessor] = await db.query<{ id: number }>(`insert into assessor (is_registered, key_hash) values (true, 'scrypt$secret-hash') returning id`);
      const [row] = await db.query<{ id: number }>(
        `insert into assessment (ident_code, product, assessor_id, questionnaire_key, questionnaire_version, finished_at)
         values ($1, 1, $2, $3, $4, $5) returning id`,
        [identCode, assessor!.id, key, version, finishedAt],
      );
      return row!.id;
    };
    const answer = (id: number, question: number, answerId: number, value: number, savedAt: string) =>
      db.query('insert into answer (assessment_id, question_id, answer_id, value, saved_at) values ($1, $2, $3, $4, $5)', [id, question, answerId, value, savedAt]);

    const done = await assessment('DONE00001', 'team-check', 1, '2030-01-02T03:04:05+01:00');
    await answer(done, 2, 22, 1, '2030-01-01T10:00:00Z');
    await answer(done, 1, 11, 2, '2030-01-01T09:00:00Z');
    await answer(done, 1, 12, 1, '2030-01-01T09:00:00.5Z');
    await assessment('NOTHING01', 'team-check', 1, null);
    const open = await assessment('OPEN00001', 'team-check', null, null);
    await answer(open, 1, 11, 0, '2030-02-01T00:00:00Z');
    const other = await assessment('OTHER0001', 'other', 1, null);
    await answer(other, 1, 11, 3, '2030-02-01T00:00:00Z');
  });
}, 120_000);

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await store.remove();
});

describe('export', () => {
  it('writes one CSV row per participant and saved answer item, with the fixed columns, dates in UTC', async () => {
    const io = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'team-check'], io)).toBe(EXIT.ok);
    expect(io.text()).toBe([
      HEADER,
      'DONE00001,team-check,1,1,11,2,2030-01-01T09:00:00.000Z,2030-01-02T02:04:05.000Z',
      'DONE00001,team-check,1,1,12,1,2030-01-01T09:00:00.500Z,2030-01-02T02:04:05.000Z',
      'DONE00001,team-check,1,2,22,1,2030-01-01T10:00:00.000Z,2030-01-02T02:04:05.000Z',
      // Not yet bound to a version, not finished: empty fields. NOTHING01 answered nothing: no row.
      'OPEN00001,team-check,,1,11,0,2030-02-01T00:00:00.000Z,',
      '',
    ].join('\r\n'));
    expect(io.stderr).toEqual(['Exported 4 answer items of 2 participants (questionnaire team-check) to stdout.']);
    expect(io.text()).not.toMatch(/scrypt|secret/);
  });

  it('leaves out participants who have not finished with --finished-only', async () => {
    const io = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'team-check', '--finished-only'], io)).toBe(EXIT.ok);
    expect(parseCsv(io.text()).map((r) => `${r.ident_code} ${r.answer_id}`)).toEqual(['DONE00001 11', 'DONE00001 12', 'DONE00001 22']);
  });

  it('writes one JSON array, one object per line, with the same names and nulls for the empty fields', async () => {
    const io = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'team-check', '--format', 'json'], io)).toBe(EXIT.ok);
    const text = io.text();
    const parsed = JSON.parse(text) as Array<Record<string, unknown>>;
    expect(parsed).toHaveLength(4);
    expect(parsed[3]).toEqual({
      ident_code: 'OPEN00001', questionnaire_key: 'team-check', questionnaire_version: null, question_id: 1, answer_id: 11, value: 0,
      saved_at: '2030-02-01T00:00:00.000Z', finished_at: null,
    });
    expect(Object.keys(parsed[0]!).join(',')).toBe(HEADER);
    expect(text.split('\n')).toHaveLength(4 + 3);
  });

  it('writes an empty JSON array and a header-only CSV when nothing was answered', async () => {
    const json = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'team-check', '--finished-only', '--format', 'json'], json)).toBe(EXIT.ok);
    expect(JSON.parse(json.text())).toHaveLength(3);
    await withDb(env, (opened) => insertQuestionnaire(opened, 'fresh', 1));
    const empty = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'fresh', '--format', 'json'], empty)).toBe(EXIT.ok);
    expect(empty.text()).toBe('[\n]\n');
    const csv = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'fresh'], csv)).toBe(EXIT.ok);
    expect(csv.text()).toBe(`${HEADER}\r\n`);
  });

  it('writes semicolons and a BOM for Excel', async () => {
    const io = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'team-check', '--excel'], io)).toBe(EXIT.ok);
    const text = io.text();
    expect(text.startsWith(`\uFEFF${HEADER.replaceAll(',', ';')}\r\n`)).toBe(true);
    expect(text).toContain('OPEN00001;team-check;;1;11;0;2030-02-01T00:00:00.000Z;\r\n');
  });

  it('writes to a file readable only by its owner, and leaves no file when the folder does not exist', async () => {
    const file = path.join(dataDir, 'answers.csv');
    const io = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'team-check', '--output', file], io)).toBe(EXIT.ok);
    expect(io.stdout).toEqual([]);
    expect(fs.readFileSync(file, 'utf8').split('\r\n')).toHaveLength(4 + 2);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(io.stderr.join('')).toContain(`to ${file}.`);

    const missing = path.join(dataDir, 'no-such-folder', 'answers.csv');
    const refused = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'team-check', '--output', missing], refused)).toBe(EXIT.usage);
    expect(refused.stderr.join('')).toContain(`export: cannot write ${missing}: its folder does not exist`);
  });

  it('leaves no half file behind when the export fails', async () => {
    const file = path.join(dataDir, 'unknown.csv');
    const io = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'nope', '--output', file], io)).toBe(EXIT.failure);
    expect(io.stderr.join('')).toBe("export: questionnaire 'nope' has no assessments and is not imported. Known: fresh, other, team-check.");
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('unknown.csv'))).toEqual([]);
  });

  it.each([
    [[], '--questionnaire is required'],
    [['--questionnaire', 'team-check', '--format', 'xml'], "--format must be csv or json, not 'xml'"],
    [['--questionnaire', 'team-check', '--format', 'json', '--excel'], '--excel applies to --format csv only'],
    [['--questionnaire', 'team-check', '--finished'], "unknown option '--finished'"],
  ])('refuses %j naming the problem, exit 2', async (args, message) => {
    const io = recorder(env);
    expect(await runAdmin(['export', ...args], io)).toBe(EXIT.usage);
    expect(io.stderr.join('')).toContain(`export: ${message}`);
  });
});

describe('the export streams', () => {
  it('reads and writes page by page: no read returns more than a page, and each page is written before the next is read', async () => {
    await withDb(env, async ({ db }) => {
      const [assessor] = await db.query<{ id: number }>(`insert into assessor (is_registered) values (true) returning id`);
      for (let p = 0; p < 7; p++) {
        const [row] = await db.query<{ id: number }>(
          `insert into assessment (ident_code, product, assessor_id, questionnaire_key) values ($1, 1, $2, 'paged') returning id`,
          [`PAGED000${p}`, assessor!.id],
        );
        await db.query(`insert into answer (assessment_id, question_id, answer_id, value) select $1, g / 10, g, 1 from generate_series(1, 43) g`, [row!.id]);
      }
      const events: string[] = [];
      const spy: Sql = {
        query: async <T>(text: string, params?: unknown[]) => {
          const rows = await db.query<T>(text, params);
          events.push(`read ${rows.length}`);
          return rows;
        },
      };
      let written = '';
      const summary = await exportAnswers(spy, { questionnaireKey: 'paged', format: 'csv', pageSize: 50 }, (chunk) => {
        events.push(`write ${chunk.split('\r\n').length - 1}`);
        written += chunk;
      });
      expect(summary).toEqual({ rows: 301, participants: 7 });
      // The id range, the header, then 6 full pages and one of 1 row, each written right after it was read.
      expect(events).toEqual(['read 1', 'write 1', ...Array.from({ length: 6 }, () => ['read 50', 'write 50']).flat(), 'read 1', 'write 1']);
      const rows = parseCsv(written);
      expect(rows).toHaveLength(301);
      // Keyset pagination neither repeats nor skips an item at a page's edge.
      expect(new Set(rows.map((r) => `${r.ident_code}/${r.answer_id}`)).size).toBe(301);
    });
  }, 120_000);
});

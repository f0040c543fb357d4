import fs from 'node:fs';
import os from 'node:os';
import type { Sql } from '@/lib/embedded-api/db/database';
import { createTestStore, type TestStore } from '@/lib/embedded-api/db/testDatabase';
import { createMember, findGroupCode } from '@/lib/embedded-api/groups/store';
import { ANONYMOUS_COLUMNS, exportAnonymousAnswers } from '../anonymousExport';
import { EXIT } from '../command';
import { runAdmin } from '../main';
import { closeSharedFolders } from '../oneOpenPerSuite';
import { envFor, insertQuestionnaire, parseCsv, recorder, tempDataDir, withDb } from '../testSupport';

// The commands' opens of the data folder share one open database for the suite (oneOpenPerSuite.ts).
jest.mock('@/lib/embedded-api/db/database', () => jest.requireActual('../oneOpenPerSuite').databaseModule());

/**
 * The anonymous export (issue 29, point 5; docs/privacy.md, "Anonymous exports"): participants with
 * distinctive names, e-mails, field values, candidates, codes and timestamps are exported
 * anonymously, and the whole output is searched for each of them: none is found. Every answer is
 * still there, each participant's under one number, and that number is another in the next export.
 *
 * Participant p (1 to 6) answers every item with p * 10 + the item's place: its values tell the
 * test (not a reader of the export) who it is.
 */
const dataDir = tempDataDir();
let store: TestStore;
let env: Record<string, string>;
const KEY = 'stat-check';
const ITEMS = [
  [1, 11],
  [1, 12],
  [2, 21],
] as const;

/** Everything that names or singles out a participant, as stored. */
const personal: string[] = [];

beforeAll(async () => {
  store = await createTestStore();
  env = envFor(dataDir, store);
  await withDb(env, async (opened) => {
    const { db } = opened;
    await insertQuestionnaire(opened, KEY, 1, 4);
    await insertQuestionnaire(opened, 'other', 1, 4);
    const fields = [
      { id: 1, name: { de: 'Abteilung' }, fieldType: 'Text', sortNumber: 1 },
      { id: 2, name: { de: 'Standort' }, fieldType: 'Text', sortNumber: 2 },
    ];
    const questionnaires = JSON.stringify([{ key: KEY, questionnaireType: 1, selectable: true }]);
    await db.query(`insert into group_code (code, variant, product, fields, questionnaires) values ('ANONKODEW', 'kodew', 4, $1::jsonb, $2::jsonb)`, [JSON.stringify(fields), questionnaires]);
    await db.query(`insert into group_code (code, variant, product, questionnaires) values ('ANONRAGRP', 'ra', 4, $1::jsonb)`, [questionnaires]);
    personal.push('ANONKODEW', 'ANONRAGRP');

    const answer = async (assessmentId: number, p: number) => {
      for (const [place, [question, item]] of ITEMS.entries()) {
        await db.query(`insert into answer (assessment_id, question_id, answer_id, value, saved_at) values ($1, $2, $3, $4, '2031-07-0${p}T0${p}:17:29.123Z')`, [
          assessmentId, question, item, p * 10 + place,
        ]);
      }
      personal.push(`2031-07-0${p}`);
    };

    // Group participants of the web variant: additional fields.
    const kodew = (await findGroupCode(db, 'ANONKODEW'))!;
    for (const [p, department, site] of [[1, 'Quantenlabor Nordflügel', 'Wolkenkuckucksheim'], [2, 'Zebrafinkenpflege', 'Xanten-Süd']] as const) {
      const member = await db.transaction((tx) => createMember(tx, kodew));
      await db.query('update group_member set field_values = $2::jsonb where id = $1', [member.memberId, JSON.stringify({ 1: department, 2: site })]);
      await answer(member.assessmentId, p);
      personal.push(department, site, member.accessCode, `G-${member.memberId}-`);
    }
    // A requirements-analysis participant: name and e-mail on the assessor.
    const ra = (await findGroupCode(db, 'ANONRAGRP'))!;
    const named = await db.transaction((tx) => createMember(tx, ra));
    await db.query(`update assessor set last_name = 'Ottilie Quastenflosser', email = 'ottilie.quastenflosser@example.org' where id = $1`, [named.assessorId]);
    await db.query(`update assessment set finished_at = '2031-08-09T10:11:12Z' where id = $1`, [named.assessmentId]);
    await answer(named.assessmentId, 3);
    personal.push('Ottilie', 'Quastenflosser', named.accessCode, `G-${named.memberId}-`, '2031-08-09');

    // Ident-code assessments: an assessor with name and e-mail, a candidate.
    for (const [p, identCode, first, last, candidate] of [
      [4, 'ANONIDENT4', 'Friedegund', 'Xylophonia', 'Kunigunde Yeti'],
      [5, 'ANONIDENT5', 'Bartholomäus', 'Zwiebelmeyer', 'Hildebrand Quokka'],
    ] as const) {
      const [assessor] = await db.query<{ id: number }>(`insert into assessor (first_name, last_name, email, is_registered, key_hash) values ($1, $2, $3, true, 'scrypt$anon-hash') returning id`, [
        first, last, `${first.toLowerCase()}@example.org`,
      ]);
      const [row] = await db.query<{ id: number }>(
        `insert into assessment (ident_code, product, assessor_id, questionnaire_key, questionnaire_version, candidate_first_name, candidate_last_name, created_at)
         values ($1, 4, $2, $3, 1, $4, $5, '2031-06-0${p}T01:02:03Z') returning id`,
        [identCode, assessor!.id, KEY, ...candidate.split(' ')],
      );
      await answer(row!.id, p);
      personal.push(identCode, first, last, `${first.toLowerCase()}@example.org`, ...candidate.split(' '), 'scrypt', '2031-06-0');
    }
    // Another questionnaire's assessment between them, and a participant of this one who answered nothing.
    const [other] = await db.query<{ id: number }>(`insert into assessor (is_registered) values (true) returning id`);
    const [elsewhere] = await db.query<{ id: number }>(`insert into assessment (ident_code, product, assessor_id, questionnaire_key) values ('ANONOTHER', 4, $1, 'other') returning id`, [other!.id]);
    await answer(elsewhere!.id, 9);
    await db.query(`insert into assessment (ident_code, product, assessor_id, questionnaire_key) values ('ANONEMPTY', 4, $1, $2)`, [other!.id, KEY]);
    const [sixth] = await db.query<{ id: number }>(`insert into assessment (ident_code, product, assessor_id, questionnaire_key, questionnaire_version) values ('ANONIDENT6', 4, $1, $2, 1) returning id`, [other!.id, KEY]);
    await answer(sixth!.id, 6);
    personal.push('ANONOTHER', 'ANONEMPTY', 'ANONIDENT6');
  });
}, 120_000);

afterAll(async () => {
  await closeSharedFolders();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await store.remove();
});

type Row = Record<string, string>;
const anonymous = async (...extra: string[]) => {
  const io = recorder(env);
  expect(await runAdmin(['export', '--questionnaire', KEY, '--anonymous', ...extra], io)).toBe(EXIT.ok);
  return io;
};
/** Whom a row is about, as only this test can tell: from its value. */
const whoseRow = (row: Row) => Math.floor(Number(row.value) / 10);
/** Each participant's number in an export. */
const numbersOf = (rows: Row[]) => new Map(rows.map((row) => [whoseRow(row), row.participant!]));

describe('export --anonymous', () => {
  it('writes no value that names or singles out a participant, anywhere in the output', async () => {
    // The search finds them where they are: in the export that is not anonymous.
    const plain = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', KEY], plain)).toBe(EXIT.ok);
    for (const value of ['Quantenlabor Nordflügel', 'Ottilie Quastenflosser', 'ANONIDENT4', 'ANONKODEW', '2031-07-01', '2031-08-09']) expect(plain.text()).toContain(value);
    for (const extra of [[], ['--format', 'json'], ['--excel']]) {
      const text = (await anonymous(...extra)).text();
      for (const value of personal) expect({ value, found: text.toLowerCase().includes(value.toLowerCase()) }).toEqual({ value, found: false });
    }
  });

  it('keeps every answer, each participant’s under one number of its own, in the fixed columns', async () => {
    const io = await anonymous();
    const text = io.text();
    expect(text.split('\r\n')[0]).toBe(ANONYMOUS_COLUMNS.join(','));
    const rows = parseCsv(text);
    // Participants 1 to 6 answered three items each; the one who answered nothing and the other questionnaire's have no row.
    expect(rows).toHaveLength(18);
    expect(rows.map((r) => `${whoseRow(r)} ${r.question_id} ${r.answer_id} ${r.value}`).sort()).toEqual(
      [1, 2, 3, 4, 5, 6].flatMap((p) => ITEMS.map(([q, item], place) => `${p} ${q} ${item} ${p * 10 + place}`)).sort(),
    );
    const numbers = numbersOf(rows);
    expect(new Set(numbers.values()).size).toBe(6);
    for (const row of rows) expect(row.participant).toBe(numbers.get(whoseRow(row)));
    // A participant's rows come together.
    const order = rows.map(whoseRow).filter((p, i, all) => i === 0 || all[i - 1] !== p);
    expect(new Set(order).size).toBe(order.length);
    expect(rows.every((r) => r.questionnaire_key === KEY)).toBe(true);
    // Whether they finished, without when: only participant 3 did.
    expect(rows.filter((r) => r.finished === 'true').map(whoseRow)).toEqual([3, 3, 3]);
    expect(rows.filter((r) => r.questionnaire_version !== '1')).toEqual([]);
    expect(io.stderr).toEqual([`Exported 18 answer items of 6 participants anonymously (questionnaire ${KEY}) to stdout.`]);
  });

  it('gives each participant another number in each export, so two exports cannot be joined on it', async () => {
    const first = numbersOf(parseCsv((await anonymous()).text()));
    const second = numbersOf(parseCsv((await anonymous()).text()));
    for (const p of [1, 2, 3, 4, 5, 6]) expect({ p, same: first.get(p) === second.get(p) }).toEqual({ p, same: false });
  });

  it('writes JSON with the same columns, numbers as numbers and finished as true or false; --finished-only keeps who finished', async () => {
    const rows = JSON.parse((await anonymous('--format', 'json')).text()) as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(18);
    expect(Object.keys(rows[0]!)).toEqual([...ANONYMOUS_COLUMNS]);
    expect(rows[0]).toEqual({
      participant: expect.any(Number),
      questionnaire_key: KEY,
      questionnaire_version: 1,
      question_id: expect.any(Number),
      answer_id: expect.any(Number),
      value: expect.any(Number),
      finished: expect.any(Boolean),
    });
    const finished = parseCsv((await anonymous('--finished-only')).text());
    expect(finished.map((r) => `${whoseRow(r)} ${r.answer_id}`)).toEqual(['3 11', '3 12', '3 21']);
  });

  it('records each anonymous export in the privacy audit: what, how much, by whom', async () => {
    await anonymous('--finished-only');
    const io = recorder(env);
    expect(await runAdmin(['privacy', 'audit'], io)).toBe(EXIT.ok);
    expect(parseCsv(io.text()).at(-1)).toEqual({
      id: expect.any(String),
      done_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      action: 'export-anonymous',
      subject: `questionnaire ${KEY}`,
      records: '4',
      details: '{"answer":3,"assessment":1}',
      done_by: os.userInfo().username,
    });
  });

  it('an unknown questionnaire: the same refusal as without --anonymous, and no audit row', async () => {
    const audited = async () => {
      const io = recorder(env);
      await runAdmin(['privacy', 'audit'], io);
      return parseCsv(io.text()).length;
    };
    const before = await audited();
    const io = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'nope', '--anonymous'], io)).toBe(EXIT.failure);
    expect(io.stderr.join('')).toContain("export: questionnaire 'nope' has no assessments and is not imported.");
    expect(await audited()).toBe(before);
  });

  it('refuses a value given to --anonymous, naming it', async () => {
    const io = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', KEY, '--anonymous=yes'], io)).toBe(EXIT.usage);
    expect(io.stderr.join('')).toContain("export: option '--anonymous' does not take an argument");
  });
});

describe('the anonymous export streams', () => {
  it('reads no more than a page at a time and writes each page of answers before reading on', async () => {
    await withDb(env, async ({ db }) => {
      const [assessor] = await db.query<{ id: number }>(`insert into assessor (is_registered) values (true) returning id`);
      for (let p = 0; p < 9; p++) {
        const [row] = await db.query<{ id: number }>(`insert into assessment (ident_code, product, assessor_id, questionnaire_key) values ($1, 4, $2, 'anon-paged') returning id`, [
          `ANONPAGE${p}`, assessor!.id,
        ]);
        await db.query(`insert into answer (assessment_id, question_id, answer_id, value) select $1, g / 10, g, $2 from generate_series(1, 23) g`, [row!.id, p]);
      }
      const events: string[] = [];
      const spy: Sql = {
        query: async <T>(text: string, params?: unknown[]) => {
          const rows = await db.query<T>(text, params);
          events.push(`${text.includes('from answer') ? 'answers' : 'read'} ${rows.length}`);
          return rows;
        },
      };
      let written = '';
      const summary = await exportAnonymousAnswers(spy, { questionnaireKey: 'anon-paged', format: 'csv', pageSize: 5 }, (chunk) => {
        events.push('write');
        written += chunk;
      });
      expect(summary).toEqual({ rows: 207, participants: 9 });
      const reads = events.filter((e) => e !== 'write');
      expect(reads.every((e) => Number(e.split(' ')[1]) <= 5)).toBe(true);
      // Each participant's 23 answers in pages of 5, 5, 5, 5 and 3 (a page under 5 is the last).
      expect(reads.filter((e) => e.startsWith('answers'))).toEqual(Array.from({ length: 9 }, () => ['answers 5', 'answers 5', 'answers 5', 'answers 5', 'answers 3']).flat());
      // A page of answers read is written before the next read.
      events.forEach((event, i) => {
        if (event.startsWith('answers') && event !== 'answers 0') expect(events[i + 1]).toBe('write');
      });
      const rows = parseCsv(written);
      expect(rows).toHaveLength(207);
      expect(new Set(rows.map((r) => `${r.participant}/${r.answer_id}`)).size).toBe(207);
      expect(new Set(rows.map((r) => r.participant)).size).toBe(9);
    });
  }, 120_000);
});

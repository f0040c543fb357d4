import type { Database } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { openTestDatabase } from '@/lib/embedded-api/db/testDatabase';
import { createMember, findGroupCode } from '@/lib/embedded-api/groups/store';
import { createAssessments, type CreatedAssessment } from './assessments';
import { candidateName, importedQuestionnaireKeys, searchAssessments } from './assessmentSearch';
import { createGroupCode } from './groupCodes';

let db: Database;
let clara: CreatedAssessment;
let bruno: CreatedAssessment;
let untouched: CreatedAssessment;
let expired: CreatedAssessment;
let member: { memberId: number; accessCode: string };
const now = new Date('2031-06-01T10:00:00Z');

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  for (const [key, product] of [['team-check', 1], ['web-check', 4]] as const) {
    await db.query(`insert into questionnaire (key, version, checksum, definition) values ($1, 1, $2, $3)`, [key, `sum-${key}`, JSON.stringify({ key, product })]);
  }
  const publicUrl = 'https://assess.example';
  clara = (await createAssessments(db, { questionnaireKey: 'team-check', candidate: { title: 'Dr.', firstName: 'Clara', lastName: 'Kandidatin', pseudonym: 'CK_1' }, publicUrl }))[0]!;
  bruno = (await createAssessments(db, { questionnaireKey: 'team-check', candidate: { firstName: 'Bruno', lastName: '100% Muster' }, publicUrl }))[0]!;
  untouched = (await createAssessments(db, { questionnaireKey: 'team-check', publicUrl }))[0]!;
  expired = (await createAssessments(db, { questionnaireKey: 'team-check', validUntil: new Date('2031-05-01T00:00:00Z'), publicUrl }))[0]!;
  // Clara has finished; Bruno has a draft of a page only: he has started.
  const id = async (c: CreatedAssessment) => (await db.query<{ id: number }>('select id from assessment where ident_code = $1', [c.identCode]))[0]!.id;
  await db.query(`insert into answer (assessment_id, question_id, answer_id, value, saved_at) values ($1, 1, 11, 1, '2031-05-30T08:00:00Z')`, [await id(clara)]);
  await db.query(`update assessment set finished_at = '2031-05-30T09:00:00Z' where id = $1`, [await id(clara)]);
  await db.query(`insert into answer_draft (assessment_id, question_id, answer_id, value, saved_at) values ($1, 1, 11, 1, '2031-05-31T12:00:00Z')`, [await id(bruno)]);
  await createGroupCode(db, { variant: 'kodew', questionnaires: [{ key: 'web-check', questionnaireType: 1, selectable: true }], code: 'SEARCHGRP1', publicUrl });
  member = await db.transaction(async (tx) => createMember(tx, (await findGroupCode(tx, 'SEARCHGRP1'))!));
}, 60_000);

afterAll(() => db?.close());

const codes = (rows: Array<{ identCode: string | null }>) => rows.map((row) => row.identCode);

describe('searchAssessments', () => {
  it('lists the newest first, each with its state and last activity', async () => {
    const rows = await searchAssessments(db, { limit: 100, now });
    expect(codes(rows)).toEqual([null, expired.identCode, untouched.identCode, bruno.identCode, clara.identCode]);
    expect(rows.find((r) => r.identCode === clara.identCode)).toMatchObject({
      state: 'finished', lastActivity: new Date('2031-05-30T09:00:00Z'), answeredItems: 1, candidate: { firstName: 'Clara', pseudonym: 'CK_1' },
    });
    expect(rows.find((r) => r.identCode === bruno.identCode)).toMatchObject({ state: 'inProgress', lastActivity: new Date('2031-05-31T12:00:00Z'), answeredItems: 0 });
    expect(rows.find((r) => r.identCode === untouched.identCode)).toMatchObject({ state: 'notStarted', lastActivity: null });
    expect(rows.find((r) => r.identCode === expired.identCode)).toMatchObject({ state: 'expired' });
  });

  it('finds by state', async () => {
    expect(codes(await searchAssessments(db, { state: 'notStarted', questionnaireKey: 'team-check', limit: 100, now }))).toEqual([untouched.identCode]);
    expect(codes(await searchAssessments(db, { state: 'inProgress', limit: 100, now }))).toEqual([bruno.identCode]);
    expect(codes(await searchAssessments(db, { state: 'finished', limit: 100, now }))).toEqual([clara.identCode]);
    expect(codes(await searchAssessments(db, { state: 'expired', limit: 100, now }))).toEqual([expired.identCode]);
    // Before its end the same assessment is not started.
    const before = await searchAssessments(db, { state: 'notStarted', questionnaireKey: 'team-check', limit: 100, now: new Date('2031-04-01T00:00:00Z') });
    expect(codes(before)).toEqual([expired.identCode, untouched.identCode]);
  });

  it('finds by the start of an ident code in any case, and by a part of a name', async () => {
    const prefix = clara.identCode.slice(0, 6).toLowerCase();
    expect(codes(await searchAssessments(db, { text: prefix, limit: 100, now }))).toContain(clara.identCode);
    expect(codes(await searchAssessments(db, { text: clara.identCode.slice(2, 8), limit: 100, now }))).not.toContain(clara.identCode);
    expect(codes(await searchAssessments(db, { text: 'kandid', limit: 100, now }))).toEqual([clara.identCode]);
    expect(codes(await searchAssessments(db, { text: 'clara kandidatin', limit: 100, now }))).toEqual([clara.identCode]);
    expect(codes(await searchAssessments(db, { text: 'ck_1', limit: 100, now }))).toEqual([clara.identCode]);
    expect(codes(await searchAssessments(db, { text: 'Clara', state: 'inProgress', limit: 100, now }))).toEqual([]);
  });

  it('takes %, _ and \\ literally', async () => {
    expect(codes(await searchAssessments(db, { text: '100%', limit: 100, now }))).toEqual([bruno.identCode]);
    expect(codes(await searchAssessments(db, { text: '%', limit: 100, now }))).toEqual([bruno.identCode]);
    expect(codes(await searchAssessments(db, { text: '_', limit: 100, now }))).toEqual([clara.identCode]);
    expect(await searchAssessments(db, { text: '\\', limit: 100, now })).toEqual([]);
  });

  it('shows a group participant by group code and number; their internal ident code is neither shown nor searched', async () => {
    const [row] = await searchAssessments(db, { questionnaireKey: 'web-check', limit: 100, now });
    expect(row).toMatchObject({ identCode: null, groupCode: 'SEARCHGRP1', participant: member.memberId, state: 'notStarted' });
    const [internal] = await db.query<{ ident_code: string }>('select ident_code from assessment where group_member_id = $1', [member.memberId]);
    expect(await searchAssessments(db, { text: internal!.ident_code, limit: 100, now })).toEqual([]);
    expect(JSON.stringify(await searchAssessments(db, { limit: 100, now }))).not.toContain(member.accessCode);
  });

  it('pages by keyset in both orders', async () => {
    const first = await searchAssessments(db, { limit: 2, now });
    const second = await searchAssessments(db, { limit: 2, after: first.at(-1)!.id, now });
    expect(codes(second)).toEqual([untouched.identCode, bruno.identCode]);
    const oldest = await searchAssessments(db, { limit: 2, order: 'oldest', now });
    expect(codes(oldest)).toEqual([clara.identCode, bruno.identCode]);
    expect(codes(await searchAssessments(db, { limit: 2, order: 'oldest', after: oldest.at(-1)!.id, now }))).toEqual([untouched.identCode, expired.identCode]);
  });
});

describe('candidateName and importedQuestionnaireKeys', () => {
  it('names the candidate as a heading would', () => {
    expect(candidateName({ title: 'Dr.', firstName: 'Clara', lastName: 'Kandidatin', pseudonym: 'CK' })).toBe('Dr. Clara Kandidatin (CK)');
    expect(candidateName({ title: '', firstName: '', lastName: '', pseudonym: 'CK' })).toBe('CK');
    expect(candidateName({ title: '', firstName: '', lastName: '', pseudonym: '' })).toBe('');
  });

  it('lists each imported questionnaire once', async () => {
    expect(await importedQuestionnaireKeys(db)).toEqual(['team-check', 'web-check']);
  });
});

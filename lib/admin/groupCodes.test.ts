import type { Database } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { openTestDatabase } from '@/lib/embedded-api/db/testDatabase';
import { createMember, findGroupCode } from '@/lib/embedded-api/groups/store';
import { closeGroupCode, createGroupCode, findGroupCodeListing, fitsVariant, groupCodeParticipants, listGroupCodes, parseVariant } from './groupCodes';

let db: Database;
const publicUrl = 'https://assess.example';
const web = (key: string, questionnaireType: number, selectable = true) => ({ key, questionnaireType, selectable });

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  for (const [key, product] of [['web-a', 4], ['web-b', 4], ['ra-check', 3]] as const) {
    await db.query(`insert into questionnaire (key, version, checksum, definition) values ($1, 1, $2, $3)`, [key, `sum-${key}`, JSON.stringify({ key, product })]);
  }
  await createGroupCode(db, { variant: 'kodew', questionnaires: [web('web-a', 1), web('web-b', 2, false)], code: 'LISTKODEW1', language: 'en-US', publicUrl });
  await createGroupCode(db, { variant: 'ra', questionnaires: [web('ra-check', 1)], code: 'LISTRA0001', validUntil: new Date('2040-01-01T00:00:00Z'), publicUrl });
}, 60_000);

afterAll(() => db?.close());

describe('listGroupCodes', () => {
  it('lists in creation order for the command line and newest first for the console, with their questionnaires', async () => {
    expect((await listGroupCodes(db, { limit: 10 })).map((g) => g.code)).toEqual(['LISTKODEW1', 'LISTRA0001']);
    const [newest, older] = await listGroupCodes(db, { limit: 10, order: 'newest' });
    expect(newest).toMatchObject({ code: 'LISTRA0001', variant: 'ra', product: 3, validUntil: new Date('2040-01-01T00:00:00Z'), closedAt: null, participants: 0 });
    expect(older).toMatchObject({ code: 'LISTKODEW1', language: 'en-US', questionnaires: [web('web-a', 1), web('web-b', 2, false)] });
    expect((await listGroupCodes(db, { limit: 10, order: 'newest', after: newest!.id })).map((g) => g.code)).toEqual(['LISTKODEW1']);
    expect((await listGroupCodes(db, { limit: 10, variant: 'ra' })).map((g) => g.code)).toEqual(['LISTRA0001']);
  });
});

describe('groupCodeParticipants', () => {
  it('shows each participant without their access code: when, personal info, current questionnaire, finished', async () => {
    const group = (await findGroupCode(db, 'LISTKODEW1'))!;
    const first = await db.transaction((tx) => createMember(tx, group));
    const second = await db.transaction((tx) => createMember(tx, group));
    await db.query(`update group_member set personal_info_saved_at = '2031-01-02T03:04:05Z' where id = $1`, [first.memberId]);
    await db.query('update assessment set finished_at = now() where id = $1', [first.assessmentId]);
    const listing = (await findGroupCodeListing(db, 'listkodew1'))!;
    expect(listing).toMatchObject({ code: 'LISTKODEW1', participants: 2 });
    const participants = await groupCodeParticipants(db, listing.id, { limit: 10 });
    expect(participants).toEqual([
      { number: first.memberId, createdAt: expect.any(Date), personalInfoSavedAt: new Date('2031-01-02T03:04:05Z'), currentQuestionnaire: 'web-a', finished: 1 },
      { number: second.memberId, createdAt: expect.any(Date), personalInfoSavedAt: null, currentQuestionnaire: 'web-a', finished: 0 },
    ]);
    expect(JSON.stringify(participants)).not.toContain(first.accessCode);
    expect(await groupCodeParticipants(db, listing.id, { limit: 10, after: first.memberId })).toHaveLength(1);
    expect(await findGroupCodeListing(db, 'NOSUCHCODE')).toBeUndefined();
  });

  it('lists a closed code as closed', async () => {
    const closed = await closeGroupCode(db, 'LISTRA0001');
    expect((await findGroupCodeListing(db, 'LISTRA0001'))!.closedAt).toEqual(closed.closedAt);
  });
});

describe('parseVariant and fitsVariant', () => {
  it('takes a variant in any case and names the others', () => {
    expect(parseVariant(' KodeW ')).toBe('kodew');
    expect(() => parseVariant('web')).toThrow("--variant must be one of ra, kodew, kodegroupcode, not 'web'");
  });

  it('lets a variant without a selection have exactly one selectable questionnaire', () => {
    expect(fitsVariant('kodew', [web('web-a', 1), web('web-b', 2, false)])).toBe(true);
    expect(fitsVariant('ra', [web('ra-check', 1)])).toBe(true);
    expect(fitsVariant('ra', [web('ra-check', 1), web('web-a', 2)])).toBe(false);
    expect(fitsVariant('kodegroupcode', [web('web-a', 1, false)])).toBe(false);
  });
});

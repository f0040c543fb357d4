import type { Database } from './db/database';
import { createMember, findGroupCode } from './groups/store';
import { createRequestHandler, readsOnly } from './server';
import { signToken } from './tokens';
import { sendTo, startTestApi, testSettings, type Handle } from './testApi';

/**
 * A page-info call reads its token's participant once, however many of its rules ask (the page, the
 * manual's access code, the renewal): every page load makes such a call, and the read is the
 * statement the database answers most often. Counted at the database, on the demo's KWDEMO01.
 */
const settings = testSettings('r'.repeat(40));
let db: Database;
let handle: Handle;
let reads = 0;

/** The participant read of authority.ts: the one statement that joins the token's revocation. */
const PARTICIPANT_READ = 'left join revoked_token r on r.jti';

beforeAll(async () => {
  ({ db } = await startTestApi(settings));
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver);
      return (text: string, params?: unknown[]) => {
        if (text.includes(PARTICIPANT_READ)) reads += 1;
        return target.query(text, params);
      };
    },
  });
  handle = createRequestHandler(counted, settings);
}, 60_000);

afterAll(async () => db?.close());

/** A participant past the personal-info page, with a key: every rule of a page then reads and goes on. */
async function participantToken(): Promise<string> {
  const group = (await findGroupCode(db, 'KWDEMO01'))!;
  const member = await db.transaction((tx) => createMember(tx, group));
  await db.query('update group_member set personal_info_saved_at = now() where id = $1', [member.memberId]);
  await db.query("update assessor set key_hash = 'quick$placeholder' where id = $1", [member.assessorId]);
  return signToken({ product: 4, isLoggedIn: true, assessment: member.assessmentId }, settings.tokenSecret, 3600);
}

/** The participant reads one call makes, and its answer. */
async function readsOf(path: string, body: Record<string, unknown>) {
  reads = 0;
  const { answer } = await sendTo(handle, path, body, '198.51.100.9');
  return { reads, answer };
}

describe('participant reads per call', () => {
  it.each([
    // Before: the page's rule, the manual's access code and the renewal each read it (3); the same below.
    ['the manual', 'pageinfo', { category: 'questionnairemanual' }],
    ['/kodewinfo', 'pageinfo', { category: 'kodewinfo' }],
    ['the personal-info page', 'pageinfo/kodew/personalinfo', {}],
    ['the selection page', 'pageinfo/kodew/assessmentselection', {}],
  ])('%s: one read', async (_page, path, body) => {
    const token = await participantToken();
    const { reads: count, answer } = await readsOf(path, { ...body, token, uiLanguage: 'de-DE' });
    expect(answer.statusCode).toBe(1);
    expect(count).toBe(1);
  });

  it('each call reads anew: a second page load sees what changed between the two', async () => {
    const token = await participantToken();
    expect((await readsOf('pageinfo/kodew/personalinfo', { token, uiLanguage: 'de-DE' })).answer.statusCode).toBe(1);
    // The participant's assessment is finished between the two loads: the second is refused.
    await db.query('update assessment set finished_at = now() where id = (select id from assessment order by id desc limit 1)');
    const second = await readsOf('pageinfo/kodew/personalinfo', { token, uiLanguage: 'de-DE' });
    expect(second.reads).toBe(1);
    expect(second.answer.statusCode).not.toBe(1);
  });

  it.each([
    ['pageinfo', true],
    ['pageinfo/kodew/personalinfo', true],
    ['pageinfo/headerfooter', true],
    // Saves the page sent with it.
    ['pageinfo/questionnaire', false],
    // Its sign-out revokes the participant's tokens.
    ['pageinfo/error', false],
    ['submit/kodew/personalinfo', false],
    ['submit/kodew/assessmentselection', false],
  ])('%s reads its participant once: %p', (path, once) => {
    expect(readsOnly(path)).toBe(once);
  });

  it('a page without a token reads nothing', async () => {
    expect((await readsOf('pageinfo', { category: 'questionnairemanual', uiLanguage: 'de-DE' })).reads).toBe(0);
  });
});

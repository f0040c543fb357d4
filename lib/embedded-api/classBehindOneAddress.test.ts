import { createAssessments } from '@/lib/admin/assessments';
import { envSchema } from '@/lib/config/schema';
import { decodeClaims } from '@/lib/session/claims';
import { encryptClientValue } from './clientCrypto';
import type { Database } from './db/database';
import { groupCodeGuessingSettings, guessingSettings, identCodeGuessingSettings } from './index';
import { createRequestHandler } from './server';
import { sendTo, startTestApi, testSettings, TEST_PUBLIC_URL, type Answer, type Handle } from './testApi';

/**
 * A school's NAT (or a carrier's CGNAT): a whole class behind one client address, at the limits
 * the app starts with (lib/config/schema.ts). Typos of one pupil must not lock out the others.
 */
const defaults = envSchema.parse({});
const settings = testSettings('c'.repeat(40), {
  guessing: guessingSettings(defaults),
  identCodeGuessing: identCodeGuessingSettings(defaults),
  groupCodeGuessing: groupCodeGuessingSettings(defaults),
});

let db: Database;
let handle: Handle;

beforeAll(async () => {
  ({ db } = await startTestApi(settings));
  handle = createRequestHandler(db, settings);
}, 60_000);

afterAll(async () => db?.close());

const SCHOOL = '203.0.113.30';
const call = async (path: string, body: unknown): Promise<Answer> => (await sendTo(handle, path, body, SCHOOL)).answer;
const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);

/** The n-th typo of a code: its last character swapped for another letter of the code alphabet. */
const typo = (code: string, n = 0) => {
  const others = 'ABCDEFGHJKMN'.replace(code.slice(-1), '');
  return code.slice(0, -1) + others.charAt(n % others.length);
};

describe('a class of 30 behind one address', () => {
  it('one pupil mistypes ten times, everyone else once: all 30 log in with their right codes', async () => {
    const pupils = await createAssessments(db, { questionnaireKey: 'competency-24', count: 30, publicUrl: TEST_PUBLIC_URL });
    const [clumsy] = pupils;
    // The clumsy pupil: ten wrong ident codes, then ten wrong access codes for their own assessment.
    for (let n = 0; n < 10; n++) expect((await call('submit/kodekodex/identcode', { assessmentIdentCode: typo(clumsy!.identCode, n) })).detailCode).toBe(6);
    const clumsyIdent = await call('submit/kodekodex/identcode', { assessmentIdentCode: clumsy!.identCode });
    for (let n = 0; n < 10; n++) {
      const wrong = await call('submit/kodekodex/login', { passwordHash: encrypt(typo(clumsy!.accessCode!, n)), token: clumsyIdent.token });
      expect(wrong).toMatchObject({ statusCode: 1 });
      expect(wrong.locked).toBeUndefined();
    }
    for (const [index, pupil] of pupils.entries()) {
      // Everyone (the clumsy one again too) gets each code wrong once before getting it right.
      expect((await call('submit/kodekodex/identcode', { assessmentIdentCode: typo(pupil.identCode) })).detailCode).toBe(6);
      const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: pupil.identCode });
      expect(ident.statusCode).toBe(1);
      expect((await call('submit/kodekodex/login', { passwordHash: encrypt(typo(pupil.accessCode!, 5)), token: ident.token })).locked).toBeUndefined();
      const answer = await call('submit/kodekodex/login', { passwordHash: encrypt(pupil.accessCode!), token: ident.token });
      expect({ pupil: index, loggedIn: decodeClaims(answer.token).isLoggedIn }).toEqual({ pupil: index, loggedIn: true });
    }
  }, 120_000);

  it('with a group code: one pupil types ten wrong codes, everyone else one; all 30 start', async () => {
    for (let n = 0; n < 10; n++) expect((await call('submit/kodew/login', { groupcode: encrypt(`KWDEMX${n}1`) })).locked).toBeUndefined();
    for (let pupil = 0; pupil < 30; pupil++) {
      expect((await call('submit/kodew/login', { groupcode: encrypt('KWDEMO02') })).locked).toBeUndefined();
      const answer = await call('submit/kodew/login', { groupcode: encrypt('KWDEMO01') });
      expect({ pupil, loggedIn: decodeClaims(answer.token).isLoggedIn }).toEqual({ pupil, loggedIn: true });
    }
  }, 120_000);
});

import { decodeClaims } from '@/lib/session/claims';
import { encryptClientValue } from './clientCrypto';
import type { Database } from './db/database';
import { createRequestHandler } from './server';
import { sendTo, startTestApi, testSettings, type Answer, type Handle } from './testApi';
import { renewalAgeMs } from './renewal';

/**
 * The session is extended by loading a page: every signed-in page's page info renews a token that
 * is older than a minute (a tenth of its lifetime when shorter), and only one its holder may use.
 */
const settings = { ...testSettings('r'.repeat(40)), tokenTtlSeconds: 600 };
let db: Database;
let clock = Date.now();
let handle: Handle;

beforeAll(async () => {
  ({ db } = await startTestApi(settings));
  handle = createRequestHandler(db, settings, { now: () => clock });
}, 60_000);
afterAll(async () => db?.close());

const call = async (path: string, body: Record<string, unknown>): Promise<Answer> => (await sendTo(handle, path, body, '198.51.100.9')).answer;
const expOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).exp as number;

async function login(identCode: string, code: string): Promise<{ identToken: string; token: string }> {
  const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: identCode });
  const answer = await call('submit/kodekodex/login', { passwordHash: encryptClientValue(code, settings.clientCryptoKey, settings.clientCryptoIv), token: ident.token });
  return { identToken: ident.token as string, token: answer.token as string };
}

describe('a page load renews the token', () => {
  it('is a minute here, or a tenth of a short lifetime', () => {
    expect(renewalAgeMs(600)).toBe(60_000);
    expect(renewalAgeMs(4 * 3600)).toBe(60_000);
    expect(renewalAgeMs(45)).toBe(4_500);
  });

  it.each([
    ['the manual (pageinfo)', 'pageinfo', { category: 'questionnairemanual' }],
    ['the access-password page', 'pageinfo/kodekodex/personalinfo', {}],
    ['the questionnaire', 'pageinfo/questionnaire', { questionsPerPage: 4, questionStartIndex: 1 }],
  ])('%s: not a token just issued; one older than a minute, with the same claims and a later expiry', async (_name, path, extras) => {
    clock = Date.now();
    const { token } = await login('P1DEMO01', 'RANK4711');
    const young = await call(path, { token, uiLanguage: 'de-DE', questionnaireLanguage: 'de-DE', ...extras });
    expect(young.statusCode).toBe(1);
    expect(young.token).toBeUndefined();

    clock += 61_000;
    const old = await call(path, { token, uiLanguage: 'de-DE', questionnaireLanguage: 'de-DE', ...extras });
    expect(old.statusCode).toBe(1);
    expect(typeof old.token).toBe('string');
    expect(decodeClaims(old.token as string)).toEqual(decodeClaims(token));
    expect(expOf(old.token as string)).toBeGreaterThanOrEqual(expOf(token) + 60);
  });

  it('never renews a token its holder may no longer use: signed out, or expired', async () => {
    clock = Date.now();
    const { token } = await login('P1DEMO01', 'RANK4711');
    clock += 61_000;
    await call('pageinfo/error', { token, category: 'SignOut', uiLanguage: 'de-DE', questionnaireLanguage: 'de-DE' });
    const signedOut = await call('pageinfo', { token, category: 'questionnairemanual', uiLanguage: 'de-DE', questionnaireLanguage: 'de-DE' });
    expect(signedOut.token).toBeUndefined();

    const second = await login('P1DEMO01', 'RANK4711');
    clock += 601_000;
    const expired = await call('pageinfo', { token: second.token, category: 'questionnairemanual', uiLanguage: 'de-DE', questionnaireLanguage: 'de-DE' });
    expect(expired.token).toBeUndefined();
  });
});

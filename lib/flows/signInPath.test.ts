import type { CallPath } from '@/lib/api/catalogue';
import { newSession, unsealSession, sealSession } from '@/lib/session/data';
import { sessionAfterCall } from './sessionEffects';
import { signInPathAfter } from './signInPath';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const LOGGED_IN = `${b64({ alg: 'HS256' })}.${b64({ product: 4, isLoggedIn: true })}.sig`;
const NOT_LOGGED_IN = `${b64({ alg: 'HS256' })}.${b64({ product: 1, isLoggedIn: false })}.sig`;

describe('where a participant signs in again once the session has ended', () => {
  it.each<[string, CallPath, Record<string, unknown>, string | undefined]>([
    ['an ident code: its deep link', 'submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01' }, '/home/P1DEMO01'],
    ['an ident code that is no path part', 'submit/kodekodex/identcode', { assessmentIdentCode: '../admin' }, undefined],
    ['no ident code', 'submit/kodekodex/identcode', {}, undefined],
    ['a kodew group login: the entry (the code went encrypted)', 'submit/kodew/login', { groupcode: 'U2FsdGVk+/=' }, '/kodew'],
    ['an ra group login: the entry', 'submit/ra/login', { groupcode: 'enc' }, '/ra'],
    ['a kodegroupcode login: the entry with the code, which travels in the clear', 'submit/kodegroupcode/login', { groupcode: 'KGDEMO01' }, '/kodegroupcode/KGDEMO01'],
    ['a kodegroupcode login with a code that is no path part: the entry', 'submit/kodegroupcode/login', { groupcode: 'a/b' }, '/kodegroupcode'],
    ['any other call', 'submit/kodekodex/login', { passwordHash: 'x' }, undefined],
  ])('%s', (_name, path, request, expected) => {
    expect(signInPathAfter(path, request)).toBe(expected);
  });

  it('is kept in the session by an ident code and a group login that succeed, not by one that fails, and survives sealing', () => {
    const afterIdent = sessionAfterCall('submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01' }, { statusCode: 1, token: NOT_LOGGED_IN }, newSession());
    expect(afterIdent.signInPath).toBe('/home/P1DEMO01');
    const refused = sessionAfterCall('submit/kodekodex/identcode', { assessmentIdentCode: 'NOPE' }, { statusCode: 6 }, afterIdent);
    expect(refused.signInPath).toBe('/home/P1DEMO01');
    const group = sessionAfterCall('submit/kodegroupcode/login', { groupcode: 'KGDEMO01' }, { statusCode: 1, token: LOGGED_IN }, afterIdent);
    expect(group.signInPath).toBe('/kodegroupcode/KGDEMO01');
    const secret = 's'.repeat(40);
    expect(unsealSession(sealSession(group, secret), secret)?.signInPath).toBe('/kodegroupcode/KGDEMO01');
    expect(unsealSession(sealSession({ ...group, signInPath: 'https://evil.example/' }, secret), secret)).not.toHaveProperty('signInPath');
  });
});

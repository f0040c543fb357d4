import { MAX_KEPT_LOGO_CHARS } from '@/lib/validation/branding';
import { readSessionCookie, serializeCookie, sessionCookie } from './cookies';
import { clearedSession, keptBrandingOf, MAX_SEALED_SESSION_CHARS, newSession, sealSession, unsealSession, type SessionData } from './data';
import { seal } from './seal';

const SECRET = 'a'.repeat(40);
const CONFIG = { secureCookies: true, sessionSecret: SECRET };
const BRANDING_FIELDS = ['headerFooterStylesheet', 'headerLogoDataBase64', 'headerLogoFileExtension'];

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A signed JWT of about `length` characters, with the spec's claims and the usual registered ones. */
function tokenOf(length: number): string {
  const claims = { product: 4, isLoggedIn: true, assessorId: 1234567, assessmentType: 3, iss: 'https://assessment.example', jti: 'j'.repeat(16), iat: 1_700_000_000, exp: 1_700_003_600 };
  const bare = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.${'s'.repeat(43)}`;
  const pad = 'p'.repeat(Math.max(0, Math.floor(((length - bare.length) * 3) / 4) - 10));
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...claims, pad })}.${'s'.repeat(43)}`;
}

/** A session with everything it can hold, each at its longest or a generous real length. */
function fullSession(token: string, logoChars = MAX_KEPT_LOGO_CHARS): SessionData {
  return newSession({
    token,
    username: 'Dr. Maximiliane Musterfrau-Beispielhausen von Oberdorf',
    uiLanguage: 'fr-FR',
    questionnaireLanguage: 'fr-FR',
    startIndex: 120,
    languageChosen: true,
    resumePending: true,
    flowRoute: '/questionnairemanual',
    product: 4,
    groupVariant: 'kodegroupcode',
    portalTransactions: Array.from({ length: 5 }, (_, i) => `PT-${String(i).repeat(20)}`),
    signInPath: `/kodegroupcode/${'A'.repeat(64)}`,
    headerFooterStylesheet: 'dark-blue',
    headerLogoDataBase64: 'A'.repeat(logoChars),
    headerLogoFileExtension: 'jpeg',
  });
}

describe('the branding the session keeps', () => {
  it('is sealed and unsealed with the rest', () => {
    const session = newSession({ headerFooterStylesheet: 'green', headerLogoDataBase64: 'PHN2Zz4=', headerLogoFileExtension: 'svg' });
    expect(unsealSession(sealSession(session, SECRET), SECRET)).toEqual(session);
    expect(keptBrandingOf(session)).toEqual({ theme: 'green', logo: { extension: 'svg', dataBase64: 'PHN2Zz4=' } });
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['a stylesheet that is no theme of ours', { headerFooterStylesheet: 'evil' }, {}],
    ['a logo of an unknown type', { headerLogoDataBase64: 'AAAA', headerLogoFileExtension: 'html' }, {}],
    ['a logo not base64', { headerLogoDataBase64: '"><x', headerLogoFileExtension: 'png' }, {}],
    ['a logo larger than the session keeps', { headerLogoDataBase64: 'A'.repeat(MAX_KEPT_LOGO_CHARS + 4), headerLogoFileExtension: 'png' }, {}],
    ['a logo without its type', { headerLogoDataBase64: 'AAAA' }, {}],
    ['a good theme beside a bad logo', { headerFooterStylesheet: 'portal', headerLogoDataBase64: 'AAAA', headerLogoFileExtension: 'exe' }, { headerFooterStylesheet: 'portal' }],
  ])('a sealed value with %s unseals without it', (_label, fields, kept) => {
    const unsealed = unsealSession(seal({ sid: 's'.repeat(22), ...fields }, SECRET, 'session'), SECRET)!;
    expect(Object.fromEntries(BRANDING_FIELDS.filter((f) => f in unsealed).map((f) => [f, unsealed[f as keyof SessionData]]))).toEqual(kept);
  });

  it('goes at sign-out and on the error page (clearedSession): it was the participant\'s', () => {
    const cleared = clearedSession(fullSession('h.p.s'));
    for (const field of BRANDING_FIELDS) expect(cleared).not.toHaveProperty(field);
  });
});

describe('the session cookie with the largest logo kept', () => {
  // The embedded API's tokens have about 270 characters; a real upstream's JWT with a few more claims, twice that.
  const REALISTIC_TOKEN = tokenOf(600);

  it('stays well under the 4,096 bytes a browser keeps of a cookie: at most 3,300 with its name', () => {
    const cookie = serializeCookie(sessionCookie(fullSession(REALISTIC_TOKEN), CONFIG)).split(';')[0]!;
    expect(REALISTIC_TOKEN.length).toBeGreaterThanOrEqual(590);
    expect(cookie.length).toBeLessThanOrEqual(3300);
    expect(cookie.length).toBeGreaterThan(3000); // the measure is of a full session, not an empty one
    const read = readSessionCookie(() => decodeURIComponent(cookie.split('=')[1]!), CONFIG);
    expect(read?.headerLogoDataBase64).toHaveLength(MAX_KEPT_LOGO_CHARS);
  });

  it('with a token far longer than expected, the logo is dropped rather than the cookie outgrowing what a browser keeps; logged once', () => {
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const token = tokenOf(1500);
      for (let i = 0; i < 2; i++) {
        const sealed = sealSession(fullSession(token), SECRET);
        expect(sealed.length).toBeLessThanOrEqual(MAX_SEALED_SESSION_CHARS);
        const read = unsealSession(sealed, SECRET)!;
        expect(read).toMatchObject({ token, headerFooterStylesheet: 'dark-blue' });
        expect(read).not.toHaveProperty('headerLogoDataBase64');
      }
      const lines = stderr.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('session_logo_not_kept'));
      expect(lines).toHaveLength(1);
    } finally {
      stderr.mockRestore();
    }
  });
});

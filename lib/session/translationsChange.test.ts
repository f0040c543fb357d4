import { newSession, type SessionData } from './data';
import { translationsChanged } from './translationsChange';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenOf = (product: number, isLoggedIn = true) => `${b64({ alg: 'HS256' })}.${b64({ product, isLoggedIn })}.sig`;

const session = (overrides: Partial<SessionData>) => newSession({ sid: 'same', ...overrides });

describe('translationsChanged (spec §4: the catalogue is re-initialised when product or language change)', () => {
  const P1 = tokenOf(1);
  const rows: Array<[string, SessionData, SessionData, unknown, boolean]> = [
    ['a page turn: same language, same product, no language asked', session({ token: P1 }), session({ token: P1 }), undefined, false],
    ['the same language asked explicitly', session({ token: P1, uiLanguage: 'fr-FR' }), session({ token: P1, uiLanguage: 'fr-FR' }), 'fr-FR', false],
    ['a new token of the same product (log-in step)', session({ token: tokenOf(1, false) }), session({ token: P1 }), undefined, false],
    ['another language asked (the selector, a header in French)', session({ token: P1 }), session({ token: P1 }), 'fr-FR', true],
    ['the call changed the session language', session({ token: P1 }), session({ token: P1, uiLanguage: 'en-US' }), undefined, true],
    ['the first token: no product before', session({}), session({ token: P1 }), undefined, true],
    ['another product', session({ token: P1 }), session({ token: tokenOf(4) }), undefined, true],
    ['signed out: the product is gone', session({ token: P1 }), session({}), undefined, true],
    ['no token before or after (anonymous pages, portal)', session({}), session({}), undefined, false],
  ];
  it.each(rows)('%s', (_name, before, after, requestLanguage, expected) => {
    expect(translationsChanged(before, after, requestLanguage)).toBe(expected);
  });
});

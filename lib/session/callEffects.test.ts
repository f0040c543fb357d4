import type { CallPath } from '@/lib/api/catalogue';
import { MAX_KEPT_LOGO_CHARS } from '@/lib/validation/branding';
import { sessionAfterCall } from './callEffects';
import { newSession, sealSession, unsealSession, type SessionData } from './data';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenWith = (claims: Record<string, unknown>) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig${Math.random()}`;
const LOGGED_IN = tokenWith({ product: 4, isLoggedIn: true });
const NOT_LOGGED_IN = tokenWith({ product: 4, isLoggedIn: false });

/** A session that has been somewhere already, so every change is visible. */
function used(overrides: Partial<SessionData> = {}): SessionData {
  return newSession({
    token: 'old.token.value',
    username: 'Previous Person',
    uiLanguage: 'it-IT',
    questionnaireLanguage: 'it-IT',
    startIndex: 13,
    showLanguageSelection: true,
    ...overrides,
  });
}

describe('sessionAfterCall', () => {
  it('does not change the session it was given', () => {
    const session = used();
    const copy = structuredClone(session);
    sessionAfterCall('submit/kodekodex/identcode', {}, { statusCode: 1, token: NOT_LOGGED_IN, uiLanguage: 'en-US' }, session);
    expect(session).toEqual(copy);
  });

  describe('ident code (submit/kodekodex/identcode)', () => {
    it('stores token and languages, shows the selector, resets the start index, drops the previous username, step and group variant', () => {
      const session = used({ showLanguageSelection: false, flowRoute: '/questionnaire', resumePending: true, groupVariant: 'kodew' });
      const next = sessionAfterCall(
        'submit/kodekodex/identcode',
        { assessmentIdentCode: 'P1DEMO01' },
        { statusCode: 1, detailCode: 0, token: NOT_LOGGED_IN, uiLanguage: 'en-US', questionnaireLanguage: 'fr-FR' },
        session,
      );
      expect(next).toEqual({
        sid: session.sid,
        token: NOT_LOGGED_IN,
        uiLanguage: 'en-US',
        questionnaireLanguage: 'fr-FR',
        startIndex: 1,
        showLanguageSelection: true,
        languageChosen: false,
        resumePending: false,
        // Where the timeout dialog sends the participant once the session has ended (./signInPath.ts).
        signInPath: '/home/P1DEMO01',
      });
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['only uiLanguage: the questionnaire follows it', { uiLanguage: 'cz-CZ' }, 'cz-CZ', 'cz-CZ'],
      ['only questionnaireLanguage', { questionnaireLanguage: 'fr-FR' }, 'it-IT', 'fr-FR'],
      ['unknown languages: both stay', { uiLanguage: 'es-ES', questionnaireLanguage: 'cs-CZ' }, 'it-IT', 'it-IT'],
      ['null languages: both stay', { uiLanguage: null, questionnaireLanguage: null }, 'it-IT', 'it-IT'],
    ])('%s', (_label, languages, ui, questionnaire) => {
      const next = sessionAfterCall('submit/kodekodex/identcode', {}, { statusCode: 1, token: NOT_LOGGED_IN, ...languages }, used());
      expect(next).toMatchObject({ uiLanguage: ui, questionnaireLanguage: questionnaire });
    });

    // The language picked on /home (or in the deep link) carries on.
    it.each<[string, Record<string, unknown>]>([
      ['the upstream answers with the assessment language', { uiLanguage: 'de-DE', questionnaireLanguage: 'de-DE' }],
      ['the upstream answers with no language', {}],
      ['the upstream answers with the chosen language', { uiLanguage: 'en-US', questionnaireLanguage: 'en-US' }],
    ])('a language chosen by the participant wins: %s', (_label, languages) => {
      const next = sessionAfterCall('submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01', questionnaireLanguage: 'en-US' }, { statusCode: 1, token: NOT_LOGGED_IN, ...languages }, used());
      expect(next).toMatchObject({ uiLanguage: 'en-US', questionnaireLanguage: 'en-US', languageChosen: true });
    });

    it('an unknown language in the request does not count as chosen', () => {
      const next = sessionAfterCall('submit/kodekodex/identcode', { questionnaireLanguage: 'xx-XX' }, { statusCode: 1, token: NOT_LOGGED_IN, uiLanguage: 'fr-FR' }, used());
      expect(next).toMatchObject({ uiLanguage: 'fr-FR', questionnaireLanguage: 'fr-FR', languageChosen: false });
    });

    it('a refused ident code changes no language, even one chosen in the request', () => {
      const session = used();
      const next = sessionAfterCall('submit/kodekodex/identcode', { questionnaireLanguage: 'en-US' }, { statusCode: 6, detailCode: 6 }, session);
      expect(next).toEqual(session);
    });
  });

  describe.each<CallPath>(['submit/ra/login', 'submit/kodew/login', 'submit/kodegroupcode/login'])('group login %s', (path) => {
    it('logged in: shows the selector, start index 1, languages and username from the answer', () => {
      const next = sessionAfterCall(
        path,
        { groupcode: 'enc' },
        { statusCode: 1, token: LOGGED_IN, username: 'Gruppe Eins', uiLanguage: 'en-US' },
        used({ showLanguageSelection: false }),
      );
      expect(next).toMatchObject({
        token: LOGGED_IN,
        username: 'Gruppe Eins',
        showLanguageSelection: true,
        startIndex: 1,
        uiLanguage: 'en-US',
        questionnaireLanguage: 'en-US',
      });
    });

    it('logged in: a new participant; the previous one’s name, step and resume walk are gone', () => {
      const next = sessionAfterCall(
        path,
        { groupcode: 'enc' },
        { statusCode: 1, token: LOGGED_IN, username: '', uiLanguage: 'fr-FR', questionnaireLanguage: 'fr-FR' },
        used({ flowRoute: '/questionnaire', resumePending: true }),
      );
      expect(next).not.toHaveProperty('username');
      expect(next).not.toHaveProperty('flowRoute');
      expect(next).toMatchObject({ token: LOGGED_IN, resumePending: false, startIndex: 1, uiLanguage: 'fr-FR', questionnaireLanguage: 'fr-FR' });
    });

    it('logged in: the session knows the variant, where a skipped personal-info page is (lib/flows/personalInfoFirst.ts)', () => {
      const next = sessionAfterCall(path, { groupcode: 'enc' }, { statusCode: 1, token: LOGGED_IN }, used({ groupVariant: 'ra' }));
      expect(next.groupVariant).toBe(path.split('/')[1]);
    });

    it('not logged in (wrong code): only the token changes', () => {
      const session = used({ showLanguageSelection: false });
      const next = sessionAfterCall(path, { groupcode: 'enc' }, { statusCode: 1, token: NOT_LOGGED_IN, uiLanguage: 'en-US' }, session);
      expect(next).toEqual({ ...session, token: NOT_LOGGED_IN });
    });
  });

  it.each<CallPath>(['submit/kodew/personalinfo', 'submit/kodegroupcode/personalinfo', 'submit/ra/personalinfo'])(
    '%s logged in: start index 1 and the new username',
    (path) => {
      const session = used();
      const next = sessionAfterCall(path, {}, { statusCode: 1, token: LOGGED_IN, username: 'Neu Name' }, session);
      expect(next).toEqual({ ...session, token: LOGGED_IN, username: 'Neu Name', startIndex: 1 });
    },
  );

  it.each<CallPath>(['submit/kodekodex/register', 'submit/kodekodex/personalinfo'])(
    '%s logged in: start index 1, the new username, and the step after it is the manual',
    (path) => {
      const session = used({ flowRoute: path === 'submit/kodekodex/register' ? '/register' : '/accesspassword' });
      const next = sessionAfterCall(path, {}, { statusCode: 1, token: LOGGED_IN, username: 'Neu Name' }, session);
      // The session's token was the ident code's: registering logs in, under a new session id.
      expect(next).toEqual({ ...session, sid: next.sid, token: LOGGED_IN, username: 'Neu Name', startIndex: 1, flowRoute: '/questionnairemanual' });
    },
  );

  // Spec §9 says 1 after login; the first questionnaire load resumes (resumePending).
  it('submit/kodekodex/login logged in: token, username, start index 1, a resume pending, the selector shown; languages stay', () => {
    const session = used({ showLanguageSelection: false });
    const next = sessionAfterCall('submit/kodekodex/login', { passwordHash: 'x' }, { statusCode: 1, token: LOGGED_IN, username: 'Paula Bereit', uiLanguage: 'en-US' }, session);
    expect(next.sid).not.toBe(session.sid);
    expect(next).toEqual({
      ...session,
      sid: next.sid,
      token: LOGGED_IN,
      username: 'Paula Bereit',
      startIndex: 1,
      resumePending: true,
      showLanguageSelection: true,
      flowRoute: '/questionnairemanual',
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['must register', { assessorMustRegister: true, isFirstLogin: true }, '/register'],
    ['first login', { isFirstLogin: true }, '/accesspassword'],
    ['some answered', { hasAnsweredSomeQuestions: true }, '/questionnaire'],
    ['nothing answered', {}, '/questionnairemanual'],
  ])('submit/kodekodex/login logged in, %s: the step reached is %s', (_label, extra, flowRoute) => {
    const next = sessionAfterCall('submit/kodekodex/login', {}, { statusCode: 1, token: LOGGED_IN, ...extra }, used());
    expect(next.flowRoute).toBe(flowRoute);
  });

  it('submit/kodekodex/login not logged in (wrong code): only the token changes', () => {
    const session = used();
    const next = sessionAfterCall('submit/kodekodex/login', { passwordHash: 'x' }, { statusCode: 1, token: NOT_LOGGED_IN }, session);
    expect(next).toEqual({ ...session, token: NOT_LOGGED_IN });
  });

  describe('questionnaire page (pageinfo/questionnaire)', () => {
    it.each<[string, Partial<SessionData>, Partial<SessionData>]>([
      ['after the manual: the questionnaire is the step, the resume is done', { flowRoute: '/questionnairemanual', resumePending: true }, { flowRoute: '/questionnaire', resumePending: false }],
      ['a step still owed stays', { flowRoute: '/accesspassword' }, { flowRoute: '/accesspassword' }],
      ['no step (another flow): none is made up', {}, { resumePending: false }],
    ])('a page turn: %s', (_label, before, after) => {
      const next = sessionAfterCall('pageinfo/questionnaire', { questionStartIndex: 5 }, { statusCode: 1, questions: [{ questionIndex: 5 }] }, used(before));
      expect(next).toMatchObject(after);
      if (!('flowRoute' in after)) expect(next).not.toHaveProperty('flowRoute');
    });

    it.each<[string, Record<string, unknown>, Record<string, unknown>, number]>([
      ['the first question decides', { questionStartIndex: 1 }, { questions: [{ questionIndex: 9 }, { questionIndex: 10 }] }, 9],
      ['no questions: the requested index', { questionStartIndex: 5 }, { questions: [] }, 5],
      ['questions null: the requested index', { questionStartIndex: 5 }, { questions: null }, 5],
      ['a question index of 0 is ignored', { questionStartIndex: 5 }, { questions: [{ questionIndex: 0 }] }, 5],
      ['a question index as text is ignored', { questionStartIndex: 5 }, { questions: [{ questionIndex: '9' }] }, 5],
      ['nothing usable: unchanged', {}, {}, 13],
    ])('%s', (_label, request, response, startIndex) => {
      expect(sessionAfterCall('pageinfo/questionnaire', request, { statusCode: 1, ...response }, used()).startIndex).toBe(startIndex);
    });
  });

  it('pageinfo (a plain page) does not touch the start index', () => {
    const session = used();
    expect(sessionAfterCall('pageinfo', {}, { statusCode: 1, questions: [{ questionIndex: 3 }] }, session)).toEqual(session);
  });

  describe('finish (submit/finishassessment)', () => {
    it('with logout: token, username and step dropped, start index 1, languages stay; the token that finished kept for the finished page', () => {
      const session = used({ flowRoute: '/questionnaire' });
      const next = sessionAfterCall('submit/finishassessment', {}, { statusCode: 1, logout: true }, session);
      expect(next.sid).not.toBe(session.sid);
      expect(next).toEqual({
        sid: next.sid,
        finishedToken: 'old.token.value',
        uiLanguage: 'it-IT',
        questionnaireLanguage: 'it-IT',
        startIndex: 1,
        showLanguageSelection: true,
        languageChosen: false,
        resumePending: false,
      });
    });

    it('with logout and a token in the answer: the token is still dropped, and the one kept is the token that finished', () => {
      const next = sessionAfterCall('submit/finishassessment', {}, { statusCode: 1, logout: true, token: LOGGED_IN }, used());
      expect(next).not.toHaveProperty('token');
      expect(next.finishedToken).toBe('old.token.value');
    });

    it('the token kept for the finished page survives the cookie, and goes with the next participant', () => {
      const finished = sessionAfterCall('submit/finishassessment', {}, { statusCode: 1, logout: true }, used());
      const secret = 's'.repeat(40);
      expect(unsealSession(sealSession(finished, secret), secret)).toEqual(finished);
      const next = sessionAfterCall('submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01' }, { statusCode: 1, token: NOT_LOGGED_IN }, finished);
      expect(next).not.toHaveProperty('finishedToken');
      expect(next.token).toBe(NOT_LOGGED_IN);
    });

    it.each([false, null, 'true', undefined])('logout %p: the token stays, the start index goes back to 1 (spec §4)', (logout) => {
      const session = used();
      expect(sessionAfterCall('submit/finishassessment', {}, { statusCode: 1, logout, token: LOGGED_IN }, session)).toEqual({ ...session, token: LOGGED_IN, startIndex: 1 });
    });
  });

  describe('non-Ok answers change nothing but the token', () => {
    it.each<[CallPath, number, Record<string, unknown>]>([
      ['submit/kodekodex/identcode', 6, { uiLanguage: 'en-US', questionnaireLanguage: 'fr-FR' }],
      ['submit/kodekodex/identcode', 9, { uiLanguage: 'en-US' }],
      ['submit/kodew/login', 8, { username: 'X', uiLanguage: 'en-US' }],
      ['submit/finishassessment', 13, { logout: true }],
      ['pageinfo/questionnaire', 3, { questions: [{ questionIndex: 9 }] }],
      ['submit/kodekodex/register', 5, { username: 'X' }],
    ])('%s with status %i', (path, statusCode, extra) => {
      const session = used();
      const next = sessionAfterCall(path, { questionStartIndex: 5 }, { statusCode, token: LOGGED_IN, ...extra }, session);
      expect(next).toEqual({ ...session, token: LOGGED_IN });
    });

    it.each([undefined, null, '', 42])('a non-Ok answer with token %p keeps the old token', (token) => {
      const session = used();
      expect(sessionAfterCall('submit/kodew/login', {}, { statusCode: 4, token }, session)).toEqual(session);
    });
  });

  describe('branding (spec §4 Ident code: "language, stylesheet and logo are applied")', () => {
    const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');
    const BRANDED: Partial<SessionData> = { headerFooterStylesheet: 'dark-blue', headerLogoDataBase64: 'AAAA', headerLogoFileExtension: 'png' };
    const identCode = (session: SessionData, answer: Record<string, unknown>, statusCode = 1) =>
      sessionAfterCall('submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01' }, { statusCode, token: NOT_LOGGED_IN, ...answer }, session);
    const ONCE_STORE = Symbol.for('assessment-web.logged-once');
    let stderr: jest.SpyInstance;
    const brandingLines = () =>
      stderr.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>).filter((line) => line.event === 'upstream_branding_not_used');

    beforeEach(() => {
      delete (globalThis as Record<symbol, unknown>)[ONCE_STORE];
      stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    });
    afterEach(() => stderr.mockRestore());

    it("keeps the ident code's stylesheet as our theme and its logo", () => {
      const next = identCode(used(), { stylesheet: 'Green', logoDataBase64: SVG, logoFileExtension: 'svg' });
      expect(next).toMatchObject({ headerFooterStylesheet: 'green', headerLogoDataBase64: SVG, headerLogoFileExtension: 'svg' });
      expect(brandingLines()).toEqual([]);
    });

    it("replaces the previous participant's; an answer without branding leaves none (the header/footer's applies)", () => {
      expect(identCode(used(BRANDED), { stylesheet: 'green' })).toMatchObject({ headerFooterStylesheet: 'green' });
      expect(identCode(used(BRANDED), { stylesheet: 'green' })).not.toHaveProperty('headerLogoDataBase64');
      const plain = identCode(used(BRANDED), { stylesheet: null, logoDataBase64: null, logoFileExtension: null });
      for (const field of ['headerFooterStylesheet', 'headerLogoDataBase64', 'headerLogoFileExtension']) expect(plain).not.toHaveProperty(field);
    });

    it(`keeps no unknown stylesheet and no logo of more than ${MAX_KEPT_LOGO_CHARS} characters; each is logged once, however often it comes`, () => {
      const tooLarge = 'A'.repeat(MAX_KEPT_LOGO_CHARS + 4);
      for (let i = 0; i < 3; i++) {
        const next = identCode(used(BRANDED), { stylesheet: 'corporate-purple', logoDataBase64: tooLarge, logoFileExtension: 'png' });
        for (const field of ['headerFooterStylesheet', 'headerLogoDataBase64', 'headerLogoFileExtension']) expect(next).not.toHaveProperty(field);
      }
      identCode(used(), { stylesheet: 'other-unknown' });
      expect(brandingLines()).toEqual([
        expect.objectContaining({ level: 'warn', path: 'submit/kodekodex/identcode', problem: 'unknown-stylesheet', stylesheet: 'corporate-purple' }),
        expect.objectContaining({ level: 'warn', path: 'submit/kodekodex/identcode', problem: 'logo-too-large', chars: MAX_KEPT_LOGO_CHARS + 4, limit: MAX_KEPT_LOGO_CHARS }),
        expect.objectContaining({ problem: 'unknown-stylesheet', stylesheet: 'other-unknown' }),
      ]);
    });

    it('keeps the stylesheet when only the logo is refused, and the other way round', () => {
      expect(identCode(used(), { stylesheet: 'green', logoDataBase64: SVG, logoFileExtension: 'html' })).toMatchObject({ headerFooterStylesheet: 'green' });
      expect(identCode(used(), { stylesheet: 'purple', logoDataBase64: SVG, logoFileExtension: 'svg' })).toMatchObject({ headerLogoFileExtension: 'svg' });
    });

    it('a refused ident code changes no branding', () => {
      expect(identCode(used(BRANDED), { stylesheet: 'green' }, 6)).toMatchObject(BRANDED);
    });

    it('stays through the access-code login, the key and the pages', () => {
      let session = sessionAfterCall('submit/kodekodex/login', {}, { statusCode: 1, token: LOGGED_IN }, used(BRANDED));
      session = sessionAfterCall('submit/kodekodex/personalinfo', {}, { statusCode: 1, token: LOGGED_IN }, session);
      session = sessionAfterCall('pageinfo/questionnaire', { questionStartIndex: 1 }, { statusCode: 1, questions: [] }, session);
      expect(session).toMatchObject(BRANDED);
    });

    it.each<[string, CallPath, Record<string, unknown>]>([
      ['a group login (a new participant)', 'submit/kodew/login', { token: LOGGED_IN }],
      ['a finish with logout', 'submit/finishassessment', { logout: true }],
    ])("%s drops the previous participant's", (_label, path, answer) => {
      const next = sessionAfterCall(path, {}, { statusCode: 1, ...answer }, used(BRANDED));
      for (const field of ['headerFooterStylesheet', 'headerLogoDataBase64', 'headerLogoFileExtension']) expect(next).not.toHaveProperty(field);
    });

    it('a finish without logout keeps it (more questionnaires follow)', () => {
      expect(sessionAfterCall('submit/finishassessment', {}, { statusCode: 1, logout: false }, used(BRANDED))).toMatchObject(BRANDED);
    });
  });

  it('an empty username in an Ok answer does not wipe the stored one', () => {
    const session = used();
    expect(sessionAfterCall('submit/kodekodex/login', {}, { statusCode: 1, username: '' }, session).username).toBe('Previous Person');
  });
});

describe('a new session id at login and when a finish logs out: what was bound to the old one stays behind', () => {
  const LOGGED_IN_BEFORE = used({ token: tokenWith({ product: 1, isLoggedIn: true }) });

  it.each<[string, CallPath, Record<string, unknown>, SessionData, boolean]>([
    ['access-code login', 'submit/kodekodex/login', { token: LOGGED_IN }, used(), true],
    ['access-code login again while logged in', 'submit/kodekodex/login', { token: LOGGED_IN }, LOGGED_IN_BEFORE, true],
    ['a wrong access code', 'submit/kodekodex/login', { token: NOT_LOGGED_IN }, used(), false],
    ['kodew group login', 'submit/kodew/login', { token: LOGGED_IN }, used(), true],
    ['ra group login', 'submit/ra/login', { token: LOGGED_IN }, used(), true],
    ['kodegroupcode group login', 'submit/kodegroupcode/login', { token: LOGGED_IN }, used(), true],
    ["registration by the ident code's holder", 'submit/kodekodex/register', { token: LOGGED_IN }, used(), true],
    ['registration by a logged-in holder', 'submit/kodekodex/register', { token: LOGGED_IN }, LOGGED_IN_BEFORE, false],
    ['a key change', 'submit/kodekodex/personalinfo', { token: LOGGED_IN }, LOGGED_IN_BEFORE, false],
    ['group personal info', 'submit/kodew/personalinfo', { token: LOGGED_IN }, LOGGED_IN_BEFORE, false],
    ['a page turn with a renewed token', 'pageinfo/questionnaire', { token: LOGGED_IN, questions: [] }, LOGGED_IN_BEFORE, false],
    ['the ident code', 'submit/kodekodex/identcode', { token: NOT_LOGGED_IN }, used(), false],
    ['a finish that logs out', 'submit/finishassessment', { logout: true }, LOGGED_IN_BEFORE, true],
    ['a finish with questionnaires left', 'submit/finishassessment', { logout: false, token: LOGGED_IN }, LOGGED_IN_BEFORE, false],
    ['a refused login', 'submit/kodekodex/login', { statusCode: 3, detailCode: 23 }, used(), false],
  ])('%s (%s): new id %p', (_label, path, answer, session, renewed) => {
    const next = sessionAfterCall(path, {}, { statusCode: 1, detailCode: 0, ...answer }, session);
    expect(next.sid !== session.sid).toBe(renewed);
    if (renewed) expect(next.sid.length).toBeGreaterThanOrEqual(16);
  });
});

describe('the questionnaire selection (submit/kodew/assessmentselection)', () => {
  const CHOSEN = tokenWith({ product: 4, isLoggedIn: true, assessmentType: 2 });

  it('Ok: the new token, start index 1 and the walk to where a begun questionnaire was left (spec §4, §9)', () => {
    const session = used({ resumePending: false });
    expect(sessionAfterCall('submit/kodew/assessmentselection', { selectedQuestionnaireId: 2, type: 2 }, { statusCode: 1, detailCode: 0, token: CHOSEN }, session)).toEqual({
      ...session,
      token: CHOSEN,
      startIndex: 1,
      resumePending: true,
    });
  });

  it('a refused choice changes nothing', () => {
    const session = used();
    expect(sessionAfterCall('submit/kodew/assessmentselection', {}, { statusCode: 5, detailCode: 0, errorInfo: 'type: 1 is not …' }, session)).toEqual(session);
  });
});

describe("the product is kept when the token goes (the error page's login button, spec §2)", () => {
  it('finish with logout: the token goes, its product stays, the group variant goes', () => {
    const session = used({ token: LOGGED_IN, groupVariant: 'kodew' });
    const next = sessionAfterCall('submit/finishassessment', {}, { statusCode: 1, detailCode: 0, logout: true }, session);
    expect(next.token).toBeUndefined();
    expect(next).not.toHaveProperty('groupVariant');
    expect(next.product).toBe(4);
  });

  it('finish without logout: the next token carries it, nothing is kept beside it', () => {
    const next = sessionAfterCall('submit/finishassessment', {}, { statusCode: 1, detailCode: 0, logout: false, token: LOGGED_IN }, used());
    expect(next).toMatchObject({ token: LOGGED_IN });
    expect(next).not.toHaveProperty('product');
  });
});

describe('finishing without logout', () => {
  it('keeps the token and starts the next questionnaire at 1', () => {
    const session = { ...newSession(), token: 'a.b.c', startIndex: 9 };
    const next = sessionAfterCall('submit/finishassessment', {}, { statusCode: 1, detailCode: 0, logout: false }, session);
    expect(next).toMatchObject({ token: 'a.b.c', startIndex: 1 });
  });
});

describe('where a participant signs in again (lib/flows/signInPath.ts), kept in the session', () => {
  it('is kept by an ident code and a group login that succeed, not by one that fails, and survives sealing', () => {
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

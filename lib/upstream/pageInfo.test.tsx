/**
 * The one page loader, and every page that loads page info through it: the token requirement,
 * the signed-in rule of the login pages, the error redirects, and a renewed token that reaches
 * <SessionCommit> (spec §7: a returned token on content pages is stored). The upstream client, the
 * session and Next's redirect are stand-ins; the pages are the real server components.
 */
import { isValidElement, type ReactNode } from 'react';
import type { SessionData } from '@/lib/session/data';

const SECRET = 's'.repeat(40);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: Record<string, unknown>, tag = 'a') => `${b64({ alg: 'HS256' })}.${b64(claims)}.${tag}`;
const LOGGED_IN = token({ product: 1, isLoggedIn: true, assessorId: 7 });
const RENEWED = token({ product: 1, isLoggedIn: true, assessorId: 7 }, 'renewed');
const NOT_LOGGED_IN = token({ product: 1, isLoggedIn: false });

let session: SessionData;
const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
let answer: (path: string, body: Record<string, unknown>) => Record<string, unknown>;

class Redirected extends Error {
  constructor(readonly to: string) {
    super(`redirect ${to}`);
  }
}

jest.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Redirected(to);
  },
  notFound: () => {
    throw new Redirected('404');
  },
}));
jest.mock('next/headers', () => ({ headers: async () => new Headers({ 'user-agent': 'Mozilla/5.0 Chrome/140.0.0.0' }) }));
jest.mock('next-intl/server', () => ({ getTranslations: async () => Object.assign((key: string) => key, { raw: (key: string) => key }) }));
jest.mock('@/lib/config', () => ({ getConfig: () => ({ sessionSecret: SECRET, CLIENT_CRYPTO_KEY: 'k'.repeat(16), CLIENT_CRYPTO_IV: 'i'.repeat(16) }) }));
jest.mock('@/lib/session/server', () => ({
  getSession: async () => session,
  getClientAddress: async () => '127.0.0.1',
}));
jest.mock('./client', () => ({
  sendCall: async (path: string, body: Record<string, unknown>) => {
    calls.push({ path, body });
    return { response: answer(path, body) };
  },
}));
jest.mock('@/components/session/SessionCommit', () => ({ SessionCommit: function SessionCommit() { return null; } }));

/* eslint-disable @typescript-eslint/no-require-imports -- loaded after the stand-ins above */
const { loadPage } = require('./pageInfo') as typeof import('./pageInfo');
const { newSession } = require('@/lib/session/data') as typeof import('@/lib/session/data');
const { unsealTokenRenewal } = require('@/lib/session/renewal') as typeof import('@/lib/session/renewal');
const { SessionCommit } = require('@/components/session/SessionCommit') as typeof import('@/components/session/SessionCommit');
const { PageTitle } = require('@/components/chrome/PageTitle') as typeof import('@/components/chrome/PageTitle');
/* eslint-enable @typescript-eslint/no-require-imports */

const ok = (extra: Record<string, unknown> = {}) => ({ statusCode: 1, detailCode: 0, translations: [{ key: 'AccessCodeTitle', value: 'Anmeldung' }], ...extra });

/** A questionnaire page of product 1: `ranked` pages of 4 questions fully ranked, the rest open. */
function questionnaireAnswer(start: number, completePages: number) {
  const page = Math.floor((start - 1) / 4) + 1;
  const values = page <= completePages ? [1, 2, 3, 4] : [0, 0, 0, 0];
  return ok({
    currentPage: page,
    totalNumberOfPages: 6,
    nextNavButtonQuestionStartIndex: page < 6 ? start + 4 : null,
    prevNavButtonQuestionStartIndex: page > 1 ? start - 4 : null,
    questions: [0, 1, 2, 3].map((offset) => ({
      questionIndex: start + offset,
      id: start + offset,
      answerInfos: values.map((value, i) => ({ id: (start + offset) * 10 + i, answerIndex: i, value })),
    })),
  });
}

async function redirectOf(work: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await work();
    return undefined;
  } catch (error) {
    if (error instanceof Redirected) return error.to;
    throw error;
  }
}

/** The props of the first element of this type in a rendered tree (server components are not called). */
async function propsIn<T>(node: ReactNode, type: unknown): Promise<T | undefined> {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = await propsIn<T>(child, type);
      if (found) return found;
    }
    return undefined;
  }
  if (!isValidElement(node)) return undefined;
  const props = node.props as { children?: ReactNode };
  if (node.type === type) return props as T;
  return propsIn<T>(props.children, type);
}

beforeEach(() => {
  calls.length = 0;
  session = newSession({ token: LOGGED_IN, startIndex: 1 });
  answer = () => ok();
});

describe('loadPage', () => {
  it('a page that needs a token, without one: the error page with TokenInvalid, and no call', async () => {
    session = newSession();
    expect(await redirectOf(() => loadPage('pageinfo/kodekodex/login', { needsToken: true }))).toBe('/error?statusCode=3&detailCode=17');
    expect(calls).toEqual([]);
  });

  it('sends the common body of spec §7 with the token, the languages and the product', async () => {
    session = newSession({ token: LOGGED_IN, uiLanguage: 'en-US', questionnaireLanguage: 'fr-FR' });
    const page = await loadPage('pageinfo', { needsToken: true, extras: { category: 'questionnairemanual' } });
    expect(calls).toEqual([
      { path: 'pageinfo', body: { category: 'questionnairemanual', token: LOGGED_IN, uiLanguage: 'en-US', questionnaireLanguage: 'fr-FR', product: 1 } },
    ]);
    expect(page.t('AccessCodeTitle')).toBe('Anmeldung');
    expect(page.t('Nope')).toBe('KEY: Nope');
    expect(page.claims).toMatchObject({ product: 1, isLoggedIn: true });
  });

  it('an anonymous load sends no token, and stores none it gets back', async () => {
    answer = () => ok({ token: RENEWED });
    const page = await loadPage('pageinfo/kodekodex/login', { needsToken: false, anonymous: true });
    expect(calls[0]!.body).not.toHaveProperty('token');
    expect((page.commit.props as { renewal?: string }).renewal).toBeUndefined();
  });

  it('the finished page loads with the token that finished the assessment, and stores none it gets back', async () => {
    session = newSession({ finishedToken: LOGGED_IN });
    answer = () => ok({ token: RENEWED });
    const page = await loadPage('pageinfo', { needsToken: false, finishedToken: true, extras: { category: 'finishedquestionnaire' } });
    expect(calls.map((call) => call.body.token)).toEqual([LOGGED_IN]);
    expect((page.commit.props as { renewal?: string }).renewal).toBeUndefined();
  });

  it('an upstream that refuses the token that finished is asked again without one: the page shows, as before', async () => {
    session = newSession({ finishedToken: LOGGED_IN });
    answer = (_path, body) => (body.token ? ok({ statusCode: 3 }) : ok());
    const page = await loadPage('pageinfo', { needsToken: false, finishedToken: true, extras: { category: 'finishedquestionnaire' } });
    expect(calls.map((call) => call.body.token)).toEqual([LOGGED_IN, undefined]);
    expect(page.t('AccessCodeTitle')).toBe('Anmeldung');
  });

  it('without a token that finished, the finished page loads without a token (not with the session\'s)', async () => {
    await loadPage('pageinfo', { needsToken: false, finishedToken: true, extras: { category: 'finishedquestionnaire' } });
    expect(calls.map((call) => call.body.token)).toEqual([undefined]);
  });

  it.each<[string, number, string | undefined]>([
    ['TokenInvalid', 3, '/error?statusCode=3&detailCode=0&exceptionId=ID42'],
    ['TokenExpired', 4, '/error?statusCode=4&detailCode=0&exceptionId=ID42'],
    ['PostDataIsInvalid', 5, '/error?statusCode=5&detailCode=0&exceptionId=ID42'],
    ['Exception', 13, '/error?statusCode=13&detailCode=0&exceptionId=ID42'],
    ['AssessmentAlreadyFinished (a finished participant\'s old cookie)', 9, '/error?statusCode=9&detailCode=0&exceptionId=ID42'],
  ])("errors 'spec', a page that needs a token: %s → %p", async (_name, statusCode, to) => {
    answer = () => ok({ statusCode, exceptionId: 'ID42' });
    expect(await redirectOf(() => loadPage('pageinfo', { needsToken: true }))).toBe(to);
  });

  it("errors 'spec', a page without a token: AssessmentAlreadyFinished is not one of §8's, the page shows", async () => {
    answer = () => ok({ statusCode: 9 });
    expect(await redirectOf(() => loadPage('pageinfo', { needsToken: false }))).toBeUndefined();
  });

  it("errors 'notOk': AssessmentAlreadyFinished goes to the error page too", async () => {
    answer = () => ok({ statusCode: 9 });
    expect(await redirectOf(() => loadPage('pageinfo/questionnaire', { needsToken: true, errors: 'notOk' }))).toBe('/error?statusCode=9&detailCode=0');
  });

  it("errors 'maintenance': no error redirect; without translations, /maintenance (spec §8)", async () => {
    answer = () => ok({ statusCode: 3 });
    expect(await redirectOf(() => loadPage('pageinfo/error', { needsToken: false, errors: 'maintenance' }))).toBeUndefined();
    answer = () => ({ statusCode: 13, detailCode: 24, translations: [] });
    expect(await redirectOf(() => loadPage('pageinfo/error', { needsToken: false, errors: 'maintenance' }))).toBe('/maintenance');
  });

  it.each<[string, Partial<SessionData>, string | undefined]>([
    ['signed in, at the questionnaire: on to it', { token: LOGGED_IN, flowRoute: '/questionnaire' }, '/questionnaire'],
    ['signed in, a key still to set: on to /accesspassword', { token: LOGGED_IN, flowRoute: '/accesspassword' }, '/accesspassword'],
    ['not logged in: the page', { token: NOT_LOGGED_IN, flowRoute: '/questionnaire' }, undefined],
    ['no step known: the page', { token: LOGGED_IN }, undefined],
  ])('a login page (/accesscode), %s (decided before any call)', async (_name, state, to) => {
    session = newSession(state);
    expect(await redirectOf(() => loadPage('pageinfo/kodekodex/login', { needsToken: true, loginPage: '/accesscode' }))).toBe(to);
    expect(calls).toHaveLength(to ? 0 : 1);
  });

  it('loads again while `again` asks, with the latest token, and commits the last renewal', async () => {
    let first = true;
    answer = (_path, body) => {
      const page = questionnaireAnswer(body.questionStartIndex as number, 2);
      if (first) {
        first = false;
        return { ...page, token: RENEWED };
      }
      return page;
    };
    const page = await loadPage('pageinfo/questionnaire', {
      needsToken: true,
      extras: { questionStartIndex: 1, questionsPerPage: 4 },
      again: (response) => {
        const complete = (response.questions ?? []).every((q) => q.answerInfos.every((a) => a.value > 0));
        return complete && response.nextNavButtonQuestionStartIndex ? { questionStartIndex: response.nextNavButtonQuestionStartIndex } : undefined;
      },
    });
    expect(calls.map((c) => [c.body.questionStartIndex, c.body.token])).toEqual([
      [1, LOGGED_IN],
      [5, RENEWED],
      [9, RENEWED],
    ]);
    expect(page.response.currentPage).toBe(3);
    expect(unsealTokenRenewal((page.commit.props as { renewal: string }).renewal, session.sid, SECRET)).toBe(RENEWED);
  });

  it.each([
    ['an Exception (the upstream blinked)', 13],
    ['TokenExpired', 4],
  ])('a later load of the walk that fails (%s): the last page that came back is shown, no error page', async (_label, statusCode) => {
    let n = 0;
    answer = () => (++n === 3 ? ok({ statusCode }) : ok({ currentPage: n, questions: [] }));
    let page: Awaited<ReturnType<typeof loadPage<'pageinfo/questionnaire'>>> | undefined;
    const to = await redirectOf(async () => {
      page = await loadPage('pageinfo/questionnaire', { needsToken: true, errors: 'notOk', again: () => ({ questionStartIndex: n * 4 + 1 }) });
    });
    expect(to).toBeUndefined();
    expect(calls).toHaveLength(3);
    expect(page?.response.currentPage).toBe(2);
  });

  it('the first load failing still goes to the error page', async () => {
    answer = () => ok({ statusCode: 13, exceptionId: 'ID42' });
    expect(await redirectOf(() => loadPage('pageinfo/questionnaire', { needsToken: true, errors: 'notOk', again: () => ({ questionStartIndex: 5 }) }))).toBe(
      '/error?statusCode=13&detailCode=0&exceptionId=ID42',
    );
  });

  it('`again` is bounded, whatever the upstream answers', async () => {
    answer = () => ok({ questions: [] });
    await loadPage('pageinfo/questionnaire', { needsToken: true, again: () => ({ questionStartIndex: 1 }) });
    expect(calls.length).toBe(500);
  });
});

describe('every page stores a token its page-info load renewed (spec §7) and has its own title', () => {
  /* eslint-disable @typescript-eslint/no-require-imports -- the pages, after the stand-ins */
  const errorPage = (query: Record<string, string>) => require('@/app/error/ErrorInfoScreen').ErrorInfoScreen({ searchParams: Promise.resolve(query) });
  // The last column is the page's title: from the page-info translations, or from messages/ (the key, here).
  const pages: Array<[string, () => Promise<ReactNode>, Partial<SessionData>, string, string]> = [
    ['/accesscode', () => require('@/app/accesscode/page').default(), { token: NOT_LOGGED_IN }, 'AccessCodeTitle', 'Title of AccessCodeTitle'],
    ['/accesspassword', () => require('@/app/accesspassword/page').default(), { flowRoute: '/accesspassword' }, 'AccessPasswordTitle', 'Title of AccessPasswordTitle'],
    ['/register', () => require('@/app/register/page').default(), { token: NOT_LOGGED_IN }, 'RegisterTitle', 'Title of RegisterTitle'],
    ['/questionnairemanual', () => require('@/components/manual/ManualScreen').ManualScreen({}), {}, 'ManualTitle', 'Title of ManualTitle'],
    ['/kodewquestionnairemanual', () => require('@/components/manual/ManualScreen').ManualScreen({ variant: 'kodew' }), {}, 'ManualTitle', 'Title of ManualTitle'],
    ['/kodewquestionnaireselection', () => require('@/components/selection/SelectionScreen').SelectionScreen(), {}, 'SelectionTitle', 'Title of SelectionTitle'],
    ['/kodewinfo', () => require('@/components/selection/KodewInfoScreen').KodewInfoScreen(), {}, 'KodewInfoTitle', 'Title of KodewInfoTitle'],
    ['/error (the start form, which keeps the session)', () => errorPage({}), { token: NOT_LOGGED_IN }, 'ErrorPageTitle', 'startTitle'],
  ];
  /* eslint-enable @typescript-eslint/no-require-imports */

  it.each(pages)('%s', async (_route, render, state, titleKey, title) => {
    session = newSession({ token: LOGGED_IN, ...state });
    answer = () => ok({ token: RENEWED, translations: [{ key: titleKey, value: `Title of ${titleKey}` }] });
    const tree = await render();
    const commit = await propsIn<{ renewal?: string }>(tree, SessionCommit);
    expect(commit?.renewal).toBeDefined();
    expect(unsealTokenRenewal(commit!.renewal!, session.sid, SECRET)).toBe(RENEWED);
    expect(await propsIn(tree, PageTitle)).toEqual({ parts: [title] });
  });

  it('/error with a message: no token is stored, the screen clears the session after it', async () => {
    session = newSession({ token: NOT_LOGGED_IN });
    answer = () => ok({ token: RENEWED, translations: [{ key: 'ErrorPageTitle', value: 'Fehler' }] });
    const tree = await errorPage({ statusCode: '13', detailCode: '7', exceptionId: 'ID1' });
    expect(await propsIn(tree, PageTitle)).toEqual({ parts: ['Fehler'] });
    expect(await propsIn(tree, SessionCommit)).toBeUndefined();
  });

  it('/questionnaire (its title is rendered on the client, with the page number)', async () => {
    answer = (_path, body) => ({ ...questionnaireAnswer(Number(body.questionStartIndex ?? 1), 0), token: RENEWED });
    /* eslint-disable-next-line @typescript-eslint/no-require-imports -- the page, after the stand-ins */
    const tree = await require('@/app/questionnaire/page').default();
    const commit = await propsIn<{ renewal?: string }>(tree, SessionCommit);
    expect(unsealTokenRenewal(commit!.renewal!, session.sid, SECRET)).toBe(RENEWED);
  });

  it('/finishedquestionnaire: its title; no token is stored again after finishing', async () => {
    session = newSession({ finishedToken: LOGGED_IN });
    answer = () => ok({ token: RENEWED, translations: [{ key: 'FinishedTitle', value: 'Vielen Dank!' }] });
    /* eslint-disable-next-line @typescript-eslint/no-require-imports -- the page, after the stand-ins */
    const tree = await require('@/app/finishedquestionnaire/page').default();
    expect(await propsIn(tree, PageTitle)).toEqual({ parts: ['Vielen Dank!'] });
    expect(await propsIn(tree, SessionCommit)).toBeUndefined();
  });
});

describe('the web variant: manual, selection, info and the error page (spec §2)', () => {
  /* eslint-disable @typescript-eslint/no-require-imports -- the pages, after the stand-ins */
  const { ManualActions } = require('@/components/manual/ManualActions') as typeof import('@/components/manual/ManualActions');
  const { SelectionForm } = require('@/components/selection/SelectionForm') as typeof import('@/components/selection/SelectionForm');
  /** What a route file renders: its one element, rendered as the page would be. */
  const route = async (file: string): Promise<ReactNode> => {
    const element = require(file).default() as { type: (props: unknown) => Promise<ReactNode>; props: unknown };
    return element.type(element.props);
  };
  const errorPage = (query: Record<string, string>) => require('@/app/error/ErrorInfoScreen').ErrorInfoScreen({ searchParams: Promise.resolve(query) }) as Promise<ReactNode>;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const WEB = token({ product: 4, isLoggedIn: true, assessmentType: 2 });
  const texts = [
    { key: 'FillingInfoTextSlider', value: 'Slider filling info' },
    { key: 'KodewInfoText', value: 'General info' },
    { key: 'KodewInfoText_2', value: 'Motivation info' },
    { key: 'KodewInfoTitle_2', value: 'Motivation' },
    { key: 'SelectionFinished', value: 'already completed' },
    { key: 'SelectionNotOffered', value: 'not available' },
  ];

  it.each<[string, string, string, string]>([
    ['/questionnairemanual, ident-code flow', '@/app/questionnairemanual/page', LOGGED_IN, '/questionnaire'],
    ['/questionnairemanual, a returning web-variant participant', '@/app/questionnairemanual/page', WEB, '/kodewquestionnaireselection'],
    ['/kodewquestionnairemanual', '@/app/kodewquestionnairemanual/page', WEB, '/kodewquestionnaireselection'],
  ])('%s continues to %s', async (_label, file, held, continueHref) => {
    session = newSession({ token: held });
    answer = () => ok({ translations: texts });
    const actions = await propsIn<{ continueHref: string; texts: { fillingInfoText: string } }>(await route(file), ManualActions);
    expect(actions?.continueHref).toBe(continueHref);
    if (held === WEB) expect(actions?.texts.fillingInfoText).toBe('Slider filling info');
  });

  it('/kodewquestionnaireselection: the list with reasons for the disabled ones, the selected type preselected', async () => {
    session = newSession({ token: WEB });
    answer = () =>
      ok({
        translations: texts,
        questionnaireSelections: [
          { id: 1, questionnaireType: 1, title: 'Strengths', selectable: false, finished: true },
          { id: 2, questionnaireType: 2, title: 'Motivation', selectable: true, finished: false },
          { id: 3, questionnaireType: 3, title: 'Leadership', selectable: false },
        ],
        selectedQuestionnaireType: 1,
      });
    const form = await propsIn<Parameters<typeof SelectionForm>[0]>(await route('@/app/kodewquestionnaireselection/page'), SelectionForm);
    expect(calls.map((c) => c.path)).toEqual(['pageinfo/kodew/assessmentselection']);
    expect(form?.preselected).toBe(2);
    expect(form?.options).toEqual([
      { id: 1, questionnaireType: 1, title: 'Strengths', selectable: false, reason: 'already completed' },
      { id: 2, questionnaireType: 2, title: 'Motivation', selectable: true },
      { id: 3, questionnaireType: 3, title: 'Leadership', selectable: false, reason: 'not available' },
    ]);
  });

  it("/kodewinfo: asks for category kodewinfo and shows the text of the token's assessmentType", async () => {
    session = newSession({ token: WEB });
    answer = () => ok({ translations: texts });
    const tree = await route('@/app/kodewinfo/page');
    expect(calls[0]).toMatchObject({ path: 'pageinfo', body: { category: 'kodewinfo', product: 4, token: WEB } });
    expect(walk(tree).text).toContain('Motivation info');
    expect(walk(tree).hrefs).toEqual(['/questionnaire']);
    expect(await propsIn(tree, PageTitle)).toEqual({ parts: ['Motivation'] });
  });

  describe('consent before content: a group participant who skipped personal info', () => {
    const PERSONAL_INFO_FIRST = { statusCode: 3, detailCode: 103, errorInfo: 'personal info first' };
    /** A page rendered as Next would: an async page, or a page that returns its screen's element. */
    const renderPage = async (file: string): Promise<unknown> => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the pages, after the stand-ins
      const element = await (require(file).default() as Promise<unknown>);
      if (isValidElement(element) && typeof element.type === 'function') return (element.type as (props: unknown) => Promise<unknown>)(element.props);
      return element;
    };
    const pages = ['@/app/kodewquestionnaireselection/page', '@/app/kodewinfo/page', '@/app/questionnaire/page'];

    it.each(pages)('%s goes back to /kodewgrouploginpersonal, not to the error page', async (file) => {
      session = newSession({ token: WEB, groupVariant: 'kodew' });
      answer = () => ok({ ...PERSONAL_INFO_FIRST, translations: texts });
      expect(await redirectOf(() => renderPage(file))).toBe('/kodewgrouploginpersonal');
    });

    it.each(pages)('%s, in a session that knows no group login: the error page as for any refusal', async (file) => {
      session = newSession({ token: WEB });
      answer = () => ok({ ...PERSONAL_INFO_FIRST, translations: texts });
      expect(await redirectOf(() => renderPage(file))).toBe('/error?statusCode=3&detailCode=103');
    });

    it('any other refusal still goes to the error page', async () => {
      session = newSession({ token: WEB, groupVariant: 'kodew' });
      answer = () => ok({ statusCode: 3, detailCode: 23, translations: texts });
      expect(await redirectOf(() => renderPage('@/app/kodewquestionnaireselection/page'))).toBe('/error?statusCode=3&detailCode=23');
    });
  });

  /** The texts and link targets of a rendered tree (server components within it are not called). */
  const walk = (node: ReactNode, found: { text: string[]; hrefs: string[] } = { text: [], hrefs: [] }) => {
    if (typeof node === 'string') found.text.push(node);
    else if (Array.isArray(node)) node.forEach((child) => walk(child, found));
    else if (isValidElement(node)) {
      const props = node.props as { children?: ReactNode; href?: unknown };
      if (typeof props.href === 'string') found.hrefs.push(props.href);
      walk(props.children, found);
    }
    return found;
  };
  const loginButton = async (tree: ReactNode) => walk(tree).hrefs.includes('/kodew');

  it.each<[string, Partial<SessionData>, boolean]>([
    ["a product-4 token: the login button leads to /kodew", { token: WEB }, true],
    ['after the session was cleared (no token, product 4 kept): still there', { product: 4 }, true],
    ['a product-1 token: no button', { token: LOGGED_IN }, false],
    ['a product-1 token wins over a product 4 kept before', { token: LOGGED_IN, product: 4 }, false],
    ['nothing known: no button', {}, false],
  ])('/error: %s', async (_label, state, shown) => {
    session = newSession(state);
    answer = () => ok({ translations: [{ key: 'LoginButton', value: 'Zur Anmeldung' }, { key: 'ErrorPageTitle', value: 'Fehler' }] });
    expect(await loginButton(await errorPage({ statusCode: '3', detailCode: '23' }))).toBe(shown);
  });
});

describe('the questionnaire after a login (spec §9: start index 1)', () => {
  /* eslint-disable-next-line @typescript-eslint/no-require-imports -- the page, after the stand-ins */
  const render = () => require('@/app/questionnaire/page').default() as Promise<ReactNode>;

  it('asks for index 1 and walks on while pages come back complete: P1-RESUME lands on page 3 of 6', async () => {
    session = newSession({ token: LOGGED_IN, startIndex: 1, resumePending: true });
    answer = (_path, body) => questionnaireAnswer(body.questionStartIndex as number, 2);
    await render();
    expect(calls.map((c) => c.body.questionStartIndex)).toEqual([1, 5, 9]);
  });

  it('every page complete: the walk stops on the last page', async () => {
    session = newSession({ token: LOGGED_IN, startIndex: 1, resumePending: true });
    answer = (_path, body) => questionnaireAnswer(body.questionStartIndex as number, 6);
    await render();
    expect(calls.map((c) => c.body.questionStartIndex)).toEqual([1, 5, 9, 13, 17, 21]);
  });

  it('once a page was turned (no resume pending): exactly the stored index, one call', async () => {
    session = newSession({ token: LOGGED_IN, startIndex: 5, resumePending: false });
    answer = (_path, body) => questionnaireAnswer(body.questionStartIndex as number, 2);
    await render();
    expect(calls.map((c) => c.body.questionStartIndex)).toEqual([5]);
  });
});

import type { CallPath } from '@/lib/api/catalogue';
import { StatusCode } from '@/lib/api/codes';
import { isLanguage } from '@/lib/api/languages';
import { decodeClaims, keptProduct } from '@/lib/session/claims';
import { isTransactionId, MAX_PORTAL_TRANSACTIONS, withNewSessionId, type SessionData } from '@/lib/session/data';
import { routeAfterAccessCodeLogin } from './accessCode';
import { GROUP_VARIANTS, groupVariant } from './groupVariants';
import { routeAfterKeySaved } from './keySaved';
import { isFlowRoute } from './signedIn';
import { signInPathAfter } from './signInPath';

type Loose = Record<string, unknown>;

const GROUP_LOGINS: CallPath[] = GROUP_VARIANTS.map((variant) => groupVariant(variant).calls.login);
const PERSONAL_INFO: CallPath[] = [
  'submit/kodekodex/register',
  'submit/kodekodex/personalinfo',
  'submit/kodew/personalinfo',
  'submit/kodegroupcode/personalinfo',
  'submit/ra/personalinfo',
];

const LOGINS: CallPath[] = ['submit/kodekodex/login', ...GROUP_LOGINS];

/**
 * What a call's answer changes in the session (spec §4): the spec's client writes these into
 * session storage; here the server does, so the token never reaches page JavaScript. A login
 * (an access code, a personal key, a group code, or a registration that logs the ident code's
 * holder in) and a finish that logs out give the session a new id (withNewSessionId): what was
 * bound to the old one stays behind.
 */
export function sessionAfterCall(path: CallPath, request: Loose, response: Loose, session: SessionData): SessionData {
  return withFreshIdIfNeeded(path, response, session, effectsOf(path, request, response, session));
}

function withFreshIdIfNeeded(path: CallPath, response: Loose, before: SessionData, after: SessionData): SessionData {
  if (response.statusCode !== StatusCode.Ok) return after;
  const wasLoggedIn = decodeClaims(before.token).isLoggedIn;
  const isLoggedIn = decodeClaims(after.token).isLoggedIn;
  const loggedIn = isLoggedIn && (LOGINS.includes(path) || (path === 'submit/kodekodex/register' && !wasLoggedIn));
  const loggedOut = path === 'submit/finishassessment' && response.logout === true;
  return loggedIn || loggedOut ? withNewSessionId(after) : after;
}

function effectsOf(path: CallPath, request: Loose, response: Loose, session: SessionData): SessionData {
  const next: SessionData = { ...session };
  if (typeof response.token === 'string' && response.token) next.token = response.token;
  if (response.statusCode !== StatusCode.Ok) return next;

  if (typeof response.username === 'string' && response.username) next.username = response.username;
  const loggedIn = decodeClaims(next.token).isLoggedIn;

  if (path === 'submit/kodekodex/identcode') {
    // A new start: a previous participant's name and step must not carry over.
    delete next.username;
    delete next.flowRoute;
    delete next.groupVariant;
    next.startIndex = 1;
    next.resumePending = false;
    // The ident-code flow offers the language selector throughout (the spec leaves it open; a
    // participant must be able to read the whole flow in the language they picked on /home).
    next.showLanguageSelection = true;
    next.signInPath = signInPathAfter(path, request);
    if (!next.signInPath) delete next.signInPath;
    applyIdentCodeLanguages(next, request, response);
  } else if (path === 'submit/kodekodex/login' && loggedIn) {
    // Spec §9: the start index is 1 after login; the first questionnaire load then walks on to
    // where the participant left off (resumeNextStart in ./questionnaire.ts).
    next.startIndex = 1;
    next.resumePending = true;
    next.showLanguageSelection = true;
    const outcome = routeAfterAccessCodeLogin(response as Parameters<typeof routeAfterAccessCodeLogin>[0], true, 0);
    if (outcome.kind === 'go' && isFlowRoute(outcome.to)) next.flowRoute = outcome.to;
  } else if (GROUP_LOGINS.includes(path) && loggedIn) {
    // Every group login starts a new participant: the previous one's name and step must not carry
    // over; the new one's name is the answer's (a group participant has none yet).
    delete next.username;
    delete next.flowRoute;
    if (typeof response.username === 'string' && response.username) next.username = response.username;
    next.groupVariant = GROUP_VARIANTS.find((variant) => groupVariant(variant).calls.login === path);
    next.signInPath = signInPathAfter(path, request);
    if (!next.signInPath) delete next.signInPath;
    next.resumePending = false;
    next.showLanguageSelection = true;
    next.startIndex = 1;
    applyLanguages(next, response);
  } else if (PERSONAL_INFO.includes(path) && loggedIn) {
    next.startIndex = 1;
    // /register and /accesspassword are done: the ident-code flow goes where the form goes (spec §4).
    if (path === 'submit/kodekodex/register' || path === 'submit/kodekodex/personalinfo') {
      const outcome = routeAfterKeySaved(response as { statusCode: number }, { isLoggedIn: loggedIn });
      if (outcome.kind === 'go') next.flowRoute = outcome.to;
    }
  } else if (path === 'pageinfo/questionnaire') {
    const questions = Array.isArray(response.questions) ? (response.questions as Loose[]) : [];
    const first = questions[0]?.questionIndex;
    if (typeof first === 'number' && Number.isInteger(first) && first >= 1) next.startIndex = first;
    else if (typeof request.questionStartIndex === 'number') next.startIndex = request.questionStartIndex;
    // The participant turned a page: from now on the stored index is where they are.
    next.resumePending = false;
    // Past the manual, the questionnaire is where the participant is (a step still owed stays).
    if (next.flowRoute === '/questionnairemanual') next.flowRoute = '/questionnaire';
  } else if (path === 'submit/kodew/assessmentselection' && loggedIn) {
    // The chosen questionnaire starts at its page 1 (spec §4, §9); one begun before walks on to
    // where the participant left off (resumeNextStart in ./questionnaire.ts).
    next.startIndex = 1;
    next.resumePending = true;
  } else if (path === 'submit/portal/invoiceinfo' && isTransactionId(response.transactionId)) {
    // Spec §4: the transaction id is stored; the payment report may name only this session's.
    next.portalTransactions = [...(next.portalTransactions ?? []), response.transactionId].slice(-MAX_PORTAL_TRANSACTIONS);
  } else if (path === 'submit/portal/sucessfullyPaid') {
    // Spec §4: after the payment is reported successfully, session info is cleared.
    delete next.portalTransactions;
  } else if (path === 'submit/finishassessment') {
    // Finished with logout: the session ends; without: the next questionnaire starts at 1 (spec §4).
    if (response.logout === true) {
      const product = keptProduct(next);
      if (product !== undefined) next.product = product;
      delete next.token;
      delete next.username;
      delete next.flowRoute;
      delete next.groupVariant;
    }
    next.startIndex = 1;
    next.resumePending = false;
  }
  return next;
}

/**
 * The ident code's languages (spec §4: 'language is applied'). A language the participant chose
 * (in the deep link or with the selector on /home) travels in the request and wins over the
 * assessment's, even when an upstream answers with the assessment's own.
 */
function applyIdentCodeLanguages(session: SessionData, request: Loose, response: Loose): void {
  if (isLanguage(request.questionnaireLanguage)) {
    session.uiLanguage = request.questionnaireLanguage;
    session.questionnaireLanguage = request.questionnaireLanguage;
    session.languageChosen = true;
    return;
  }
  applyLanguages(session, response);
}

function applyLanguages(session: SessionData, response: Loose): void {
  if (isLanguage(response.uiLanguage)) session.uiLanguage = response.uiLanguage;
  if (isLanguage(response.questionnaireLanguage)) session.questionnaireLanguage = response.questionnaireLanguage;
  else if (isLanguage(response.uiLanguage)) session.questionnaireLanguage = response.uiLanguage;
}

import { CALLS, type CallPath } from '@/lib/api/catalogue';
import { StatusCode } from '@/lib/api/codes';
import { isLanguage } from '@/lib/api/languages';
import { EVERY_ANSWER, type SessionEffect } from '@/lib/api/sessionEffects';
import { routeAfterAccessCodeLogin } from '@/lib/flows/accessCode';
import { variantOfLogin } from '@/lib/flows/groupVariants';
import { routeAfterKeySaved } from '@/lib/flows/keySaved';
import { isFlowRoute } from '@/lib/flows/signedIn';
import { signInPathAfter } from '@/lib/flows/signInPath';
import { logBrandingProblems } from '@/lib/log/brandingProblems';
import { checkLogo, checkStylesheet, MAX_KEPT_LOGO_CHARS, usable, type BrandingProblem } from '@/lib/validation/branding';
import { decodeClaims, keptProduct } from './claims';
import { isTransactionId, MAX_PORTAL_TRANSACTIONS, withBranding, withNewSessionId, type SessionData } from './data';

type Loose = Record<string, unknown>;

/** One call's answer, and the session as it was before it. */
type Answer = { path: CallPath; request: Loose; response: Loose; before: SessionData };

/**
 * The session after a call's answer: the effects its catalogue entry declares
 * (lib/api/sessionEffects.ts), applied in order to a copy. A refusal changes nothing but the token.
 */
export function sessionAfterCall(path: CallPath, request: Loose, response: Loose, session: SessionData): SessionData {
  const answer: Answer = { path, request, response, before: session };
  let next = EVERY_ANSWER.always.reduce(apply(answer), { ...session });
  if (response.statusCode !== StatusCode.Ok) return next;
  next = EVERY_ANSWER.ok.reduce(apply(answer), next);
  const { when, effects } = CALLS[path].session;
  if (when === 'loggedIn' && !decodeClaims(next.token).isLoggedIn) return next;
  return effects.reduce(apply(answer), next);
}

const apply = (answer: Answer) => (session: SessionData, effect: SessionEffect) => EFFECTS[effect](session, answer);

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Each effect changes the copy it is given and hands it on (a new id makes a new copy). */
const EFFECTS: Record<SessionEffect, (session: SessionData, answer: Answer) => SessionData> = {
  token: (session, { response }) => {
    if (nonEmpty(response.token)) session.token = response.token;
    return session;
  },
  username: (session, { response }) => {
    if (nonEmpty(response.username)) session.username = response.username;
    return session;
  },
  newParticipant: (session) => {
    delete session.username;
    delete session.finishedToken;
    delete session.flowRoute;
    delete session.groupVariant;
    // The previous participant's look is theirs; the group flows take theirs from the header/footer.
    return withBranding(session, {});
  },
  startAtPageOne: (session) => Object.assign(session, { startIndex: 1 }),
  resume: (session) => Object.assign(session, { resumePending: true }),
  noResume: (session) => Object.assign(session, { resumePending: false }),
  // Every flow that signs in offers the language selector throughout: a participant must be able to
  // read the whole flow in the language they picked.
  showLanguageSelection: (session) => Object.assign(session, { showLanguageSelection: true }),
  signInPath: (session, { path, request }) => {
    const signInPath = signInPathAfter(path, request);
    if (signInPath) session.signInPath = signInPath;
    else delete session.signInPath;
    return session;
  },
  chosenOrAnswerLanguages: (session, { request, response }) => {
    // A language chosen in the deep link or with the selector on /home travels in the request and
    // wins even when an upstream answers with the assessment's own.
    if (!isLanguage(request.questionnaireLanguage)) return answerLanguages(session, response);
    return Object.assign(session, { uiLanguage: request.questionnaireLanguage, questionnaireLanguage: request.questionnaireLanguage, languageChosen: true });
  },
  answerLanguages: (session, { response }) => answerLanguages(session, response),
  branding: (session, { path, response }) => {
    const problems: BrandingProblem[] = [];
    const theme = usable(checkStylesheet(response.stylesheet), problems);
    const logo = usable(checkLogo(response.logoFileExtension, response.logoDataBase64, MAX_KEPT_LOGO_CHARS), problems);
    logBrandingProblems(path, problems);
    return withBranding(session, { ...(theme && { theme }), ...(logo && { logo }) });
  },
  groupVariant: (session, { path }) => Object.assign(session, { groupVariant: variantOfLogin(path) }),
  accessCodeStep: (session, { response }) => {
    // Spec §9: the start index is 1 after login; the first questionnaire load then walks on to
    // where the participant left off (resumeNextStart in lib/flows/questionnaire.ts).
    const outcome = routeAfterAccessCodeLogin(response as Parameters<typeof routeAfterAccessCodeLogin>[0], true, 0);
    if (outcome.kind === 'go' && isFlowRoute(outcome.to)) session.flowRoute = outcome.to;
    return session;
  },
  keySavedStep: (session, { response }) => {
    // /register and /accesspassword are done: the ident-code flow goes where the form goes (spec §4).
    const outcome = routeAfterKeySaved(response as { statusCode: number }, { isLoggedIn: decodeClaims(session.token).isLoggedIn });
    if (outcome.kind === 'go') session.flowRoute = outcome.to;
    return session;
  },
  questionnairePage: (session, { request, response }) => {
    const questions = Array.isArray(response.questions) ? (response.questions as Loose[]) : [];
    const first = questions[0]?.questionIndex;
    if (typeof first === 'number' && Number.isInteger(first) && first >= 1) session.startIndex = first;
    else if (typeof request.questionStartIndex === 'number') session.startIndex = request.questionStartIndex;
    // The participant turned a page: from now on the stored index is where they are.
    session.resumePending = false;
    // A step still owed stays; past the manual, the questionnaire is where the participant is.
    if (session.flowRoute === '/questionnairemanual') session.flowRoute = '/questionnaire';
    return session;
  },
  recordTransaction: (session, { response }) => {
    if (!isTransactionId(response.transactionId)) return session;
    session.portalTransactions = [...(session.portalTransactions ?? []), response.transactionId].slice(-MAX_PORTAL_TRANSACTIONS);
    return session;
  },
  clearTransactions: (session) => {
    delete session.portalTransactions;
    return session;
  },
  logout: (session, { response, before }) => {
    // Without logout, the token stays for the questionnaires left (spec §4).
    if (response.logout !== true) return session;
    // The error page's login button still knows the product (spec §2).
    const product = keptProduct(session);
    if (product !== undefined) session.product = product;
    // The token that finished (not one the answer may carry): the finished page loads with it
    // (SessionData.finishedToken), and nothing else sends it.
    if (before.token) session.finishedToken = before.token;
    delete session.token;
    delete session.username;
    delete session.flowRoute;
    delete session.groupVariant;
    return withNewSessionId(withBranding(session, {}));
  },
  newSessionId: (session) => withNewSessionId(session),
  newSessionIdIfNewLogin: (session, { before }) => (decodeClaims(before.token).isLoggedIn ? session : withNewSessionId(session)),
};

function answerLanguages(session: SessionData, response: Loose): SessionData {
  if (isLanguage(response.uiLanguage)) session.uiLanguage = response.uiLanguage;
  if (isLanguage(response.questionnaireLanguage)) session.questionnaireLanguage = response.questionnaireLanguage;
  else if (isLanguage(response.uiLanguage)) session.questionnaireLanguage = response.uiLanguage;
  return session;
}

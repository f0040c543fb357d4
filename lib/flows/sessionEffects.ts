import type { CallPath } from '@/lib/api/catalogue';
import { StatusCode } from '@/lib/api/codes';
import { isLanguage } from '@/lib/api/languages';
import { decodeClaims } from '@/lib/session/claims';
import type { SessionData } from '@/lib/session/data';

type Loose = Record<string, unknown>;

const GROUP_LOGINS: CallPath[] = ['submit/ra/login', 'submit/kodew/login', 'submit/kodegroupcode/login'];
const PERSONAL_INFO: CallPath[] = [
  'submit/kodekodex/register',
  'submit/kodekodex/personalinfo',
  'submit/kodew/personalinfo',
  'submit/kodegroupcode/personalinfo',
  'submit/ra/personalinfo',
];

/**
 * What a call's answer changes in the session (spec §4): the spec's client writes these into
 * session storage; here the server does, so the token never reaches page JavaScript.
 */
export function sessionAfterCall(path: CallPath, request: Loose, response: Loose, session: SessionData): SessionData {
  const next: SessionData = { ...session };
  if (typeof response.token === 'string' && response.token) next.token = response.token;
  if (response.statusCode !== StatusCode.Ok) return next;

  if (typeof response.username === 'string' && response.username) next.username = response.username;
  const loggedIn = decodeClaims(next.token).isLoggedIn;

  if (path === 'submit/kodekodex/identcode') {
    // The assessment fixes the language; a previous participant's name must not greet this one.
    delete next.username;
    next.startIndex = 1;
    next.showLanguageSelection = false;
    applyLanguages(next, response);
  } else if (path === 'submit/kodekodex/login' && loggedIn) {
    // The questionnaire resumes where the participant left off (DEMO P1-RESUME: page 3 of 6).
    next.startIndex = 0;
  } else if (GROUP_LOGINS.includes(path) && loggedIn) {
    next.showLanguageSelection = true;
    next.startIndex = 1;
    applyLanguages(next, response);
  } else if (PERSONAL_INFO.includes(path) && loggedIn) {
    next.startIndex = 1;
  } else if (path === 'pageinfo/questionnaire') {
    const questions = Array.isArray(response.questions) ? (response.questions as Loose[]) : [];
    const first = questions[0]?.questionIndex;
    if (typeof first === 'number' && Number.isInteger(first) && first >= 1) next.startIndex = first;
    else if (typeof request.questionStartIndex === 'number') next.startIndex = request.questionStartIndex;
  } else if (path === 'submit/finishassessment') {
    // Finished with logout: the session ends; without: the next questionnaire starts at 1 (spec §4).
    if (response.logout === true) {
      delete next.token;
      delete next.username;
    }
    next.startIndex = 1;
  }
  return next;
}

function applyLanguages(session: SessionData, response: Loose): void {
  if (isLanguage(response.uiLanguage)) session.uiLanguage = response.uiLanguage;
  if (isLanguage(response.questionnaireLanguage)) session.questionnaireLanguage = response.questionnaireLanguage;
  else if (isLanguage(response.uiLanguage)) session.questionnaireLanguage = response.uiLanguage;
}

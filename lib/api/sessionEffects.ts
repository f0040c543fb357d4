/**
 * What a call's answer changes in the session (spec §4: the spec's client writes these into session
 * storage; here the server does, so the token never reaches page JavaScript). Each call of the
 * catalogue declares its effects beside its schemas, so a new call adds a line there and no branch
 * elsewhere; lib/session/callEffects.ts applies them, in the order given.
 */
export type SessionEffect =
  /** The answer's token replaces the session's; an answer without one leaves it. */
  | 'token'
  /** The answer's username replaces the session's; an empty one leaves it. */
  | 'username'
  /** A new participant: the previous one's name, step, group variant, branding and finishing token go. */
  | 'newParticipant'
  /** The next questionnaire load starts at page 1 (spec §9). */
  | 'startAtPageOne'
  /** The next questionnaire load walks on to where the participant left off. */
  | 'resume'
  | 'noResume'
  | 'showLanguageSelection'
  /** Where the participant signs in again once the session has ended (lib/flows/signInPath.ts). */
  | 'signInPath'
  /** The language the participant chose (in the request) wins over the answer's. */
  | 'chosenOrAnswerLanguages'
  | 'answerLanguages'
  /**
   * The answer's stylesheet and logo (spec §4 Ident code: "applied"), checked: the theme the
   * stylesheet names and a logo small enough to keep; what does not pass is not kept, and logged once.
   */
  | 'branding'
  /** The group flow the login went through: the variant whose login call this is. */
  | 'groupVariant'
  /** The step of the ident-code flow the access-code login leads to (lib/flows/accessCode.ts). */
  | 'accessCodeStep'
  /** The step after a saved personal key (lib/flows/keySaved.ts). */
  | 'keySavedStep'
  /** The start index of the page the answer shows, else the one asked for; past the manual now. */
  | 'questionnairePage'
  /** The portal's transaction id, the one a payment report may name (spec §4). */
  | 'recordTransaction'
  | 'clearTransactions'
  /**
   * A finish that logs out ends the session: token, name, step, group variant and branding go, the
   * product stays, and the token is kept apart for the finished page's one load (finishedToken).
   */
  | 'logout'
  /** A new session id, so that what was bound to the old one stays behind (lib/session/data.ts). */
  | 'newSessionId'
  /** A new session id when the answer logs in a session that was not logged in before. */
  | 'newSessionIdIfNewLogin';

export type CallSessionEffects = {
  /** What the call's own effects need: an Ok answer, or also a token that is logged in. */
  when: 'ok' | 'loggedIn';
  effects: readonly SessionEffect[];
};

/** What every answer does before its call's own effects: even a refusal may renew the token. */
export const EVERY_ANSWER = { always: ['token'], ok: ['username'] } as const satisfies Record<string, readonly SessionEffect[]>;

export const NO_EFFECTS: CallSessionEffects = { when: 'ok', effects: [] };

export const onOk = (...effects: SessionEffect[]): CallSessionEffects => ({ when: 'ok', effects });
export const onLogin = (...effects: SessionEffect[]): CallSessionEffects => ({ when: 'loggedIn', effects });

/** Every group login starts a new participant, whose name is the answer's (a group member has none yet). */
export const GROUP_LOGIN = onLogin(
  'newParticipant',
  'username',
  'groupVariant',
  'signInPath',
  'noResume',
  'showLanguageSelection',
  'startAtPageOne',
  'answerLanguages',
  'newSessionId',
);

export const GROUP_PERSONAL_INFO = onLogin('startAtPageOne');

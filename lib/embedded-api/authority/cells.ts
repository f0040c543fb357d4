import type { CallPath } from '@/lib/api/catalogue';

/** The columns and cells of the authority table (../authorityTable.ts), and the cells its rows share. */

export const TOKEN_STATES = ['none', 'forged', 'expired', 'revoked', 'signedOutCopy', 'identCode', 'loggedIn', 'pastValidUntil', 'finished', 'finishedWith'] as const;
export type TokenState = (typeof TOKEN_STATES)[number];

export const TOKEN_STATE_TITLES: Record<TokenState, string> = {
  none: 'no token',
  forged: 'forged (bad signature)',
  expired: 'expired',
  revoked: 'revoked (signed out)',
  signedOutCopy: 'an earlier copy, participant signed out since',
  identCode: 'not logged in (ident code)',
  loggedIn: 'logged in',
  pastValidUntil: 'logged in, past valid_until',
  finished: 'logged in, assessment finished',
  finishedWith: 'the token that finished',
};

/** allowed: the call does its job; refused: nothing personal comes back and nothing changes. */
export type Cell = { allowed: boolean; statusCode: number; detailCode: number; httpStatus?: number };

/** The assessment a row is played against. */
export type Situation =
  | 'running'
  | 'mustRegisterNoKey'
  | 'mustRegisterWithKey'
  | 'complete'
  /** A participant of a web-variant group code, just logged in: no key, personal info not saved. */
  | 'groupMember'
  /** The same after the personal-info page: key set (so an account), additional fields filled in. */
  | 'groupMemberWithKey'
  /** An ident-code assessment of product 4 on a slider questionnaire with images (like P4-SLIDER). */
  | 'slider'
  /**
   * A web-variant participant past personal info (so with a key: keep is impossible without one)
   * whose questionnaire is answered completely, another one still to choose.
   */
  | 'groupMemberComplete'
  /** A web-variant participant just logged in (personal info not saved) whose first questionnaire is answered completely. */
  | 'groupMemberUnsavedComplete'
  /** A participant of a requirements-analysis group code (ra), just logged in: no key, no name or e-mail. */
  | 'raMember'
  /** The same after the personal-info page: name, e-mail and key saved (so an account). */
  | 'raMemberWithKey'
  /** A participant of a kodegroupcode group code (product 2, grid), just logged in: no key, personal info not saved. */
  | 'kgcMember'
  /** The same after the personal-info page: key set, additional fields filled in. */
  | 'kgcMemberWithKey'
  /** The demo portal (PTDEMO01/1, 345.67 EUR) and a visitor who has sent no invoice form: no transaction of their own. */
  | 'portalVisitor'
  /** A buyer of the demo portal with a transaction and a PayPal order for it that PayPal says is COMPLETED. */
  | 'portalBuyer'
  /** Like 'complete'; the token that finished has made its one retry already. */
  | 'completeRetried'
  /** Like 'complete'; the token that finished retries more than a minute after finishing. */
  | 'completeRetryLate'
  /** Like 'groupMemberWithKey'; the operator closes the group code once the token is in hand. */
  | 'groupMemberClosed'
  /** Like 'running'; the participant has set as many keys this hour as the limit allows. */
  | 'keyChangesUsedUp'
  /** Like 'running'; the first page was saved since the token's holder loaded it (its revision is 1). */
  | 'pageSavedElsewhere';

export type AuthorityRow = {
  id: string;
  /** A catalogue path, or several for the row of calls without a handler. */
  calls: CallPath[];
  /** Shown after the call: the assessment's situation or the body that matters. */
  when: string;
  situation: Situation;
  cells: Record<TokenState, Cell>;
};

export const ok = (detailCode = 0): Cell => ({ allowed: true, statusCode: 1, detailCode });
export const refused = (statusCode: number, detailCode: number): Cell => ({ allowed: false, statusCode, detailCode });

/** A genuine token is needed: the refusals every such call shares. */
export const GENUINE: Pick<Record<TokenState, Cell>, 'none' | 'forged' | 'expired' | 'revoked' | 'signedOutCopy' | 'pastValidUntil' | 'finished' | 'finishedWith'> = {
  none: refused(3, 17),
  forged: refused(3, 23),
  expired: refused(4, 0),
  revoked: refused(3, 23),
  signedOutCopy: refused(3, 23),
  pastValidUntil: refused(14, 0),
  finished: refused(9, 0),
  finishedWith: refused(3, 23),
};

/** Logged-in holders only. */
export const LOGGED_IN_ONLY: Record<TokenState, Cell> = { ...GENUINE, identCode: refused(3, 23), loggedIn: ok() };

/**
 * A group participant's calls beyond the personal-info page before they saved it (consent before
 * content): the logged-in token is refused with TokenInvalid/PersonalInfoFirst (103), and the app
 * sends the participant back to the personal-info page.
 */
export const BEFORE_PERSONAL_INFO: Record<TokenState, Cell> = { ...LOGGED_IN_ONLY, loggedIn: refused(3, 103) };

/** Page-info loads that need no token but refuse a token that is not genuine or whose assessment is finished. */
export const PUBLIC: Record<TokenState, Cell> = { ...GENUINE, none: ok(), identCode: ok(), loggedIn: ok() };

export const everyState = (cell: Cell): Record<TokenState, Cell> => Object.fromEntries(TOKEN_STATES.map((s) => [s, cell])) as Record<TokenState, Cell>;

import type { CallPath } from '@/lib/api/catalogue';

/**
 * What the holder of a token may do, call by call: the table of SECURITY.md. It is the
 * expectation, not the implementation: security.test.ts plays every cell against the embedded
 * API, and checks that SECURITY.md shows exactly this table (`npx tsx lib/scripts/security-table.ts`
 * rewrites it there).
 */

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

const ok = (detailCode = 0): Cell => ({ allowed: true, statusCode: 1, detailCode });
const refused = (statusCode: number, detailCode: number): Cell => ({ allowed: false, statusCode, detailCode });

/** A genuine token is needed: the refusals every such call shares. */
const GENUINE: Pick<Record<TokenState, Cell>, 'none' | 'forged' | 'expired' | 'revoked' | 'signedOutCopy' | 'pastValidUntil' | 'finished' | 'finishedWith'> = {
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
const LOGGED_IN_ONLY: Record<TokenState, Cell> = { ...GENUINE, identCode: refused(3, 23), loggedIn: ok() };

/**
 * A group participant's calls beyond the personal-info page before they saved it (consent before
 * content): the logged-in token is refused with TokenInvalid/PersonalInfoFirst (103), and the app
 * sends the participant back to the personal-info page.
 */
const BEFORE_PERSONAL_INFO: Record<TokenState, Cell> = { ...LOGGED_IN_ONLY, loggedIn: refused(3, 103) };

/** Page-info loads that need no token but refuse a token that is not genuine or whose assessment is finished. */
const PUBLIC: Record<TokenState, Cell> = { ...GENUINE, none: ok(), identCode: ok(), loggedIn: ok() };

const everyState = (cell: Cell): Record<TokenState, Cell> => Object.fromEntries(TOKEN_STATES.map((s) => [s, cell])) as Record<TokenState, Cell>;

export const AUTHORITY_TABLE: AuthorityRow[] = [
  { id: 'pageinfo', calls: ['pageinfo'], when: 'translations only', situation: 'running', cells: PUBLIC },
  { id: 'login page', calls: ['pageinfo/kodekodex/login'], when: 'translations only', situation: 'running', cells: PUBLIC },
  { id: 'header', calls: ['pageinfo/headerfooter'], when: 'logo, stylesheet', situation: 'running', cells: everyState(ok()) },
  {
    id: 'sign-out',
    calls: ['pageinfo/error'],
    when: 'category SignOut: a genuine token is revoked',
    situation: 'running',
    cells: { ...everyState(ok(20)), none: ok(0) },
  },
  {
    id: 'ident code',
    calls: ['submit/kodekodex/identcode'],
    when: 'the token is not read; limited per address',
    situation: 'running',
    cells: { ...everyState(ok()), pastValidUntil: refused(14, 0), finished: refused(9, 0), finishedWith: refused(9, 0) },
  },
  {
    id: 'access-code login',
    calls: ['submit/kodekodex/login'],
    when: 'the right code; limited per assessment and address',
    situation: 'running',
    cells: { ...GENUINE, identCode: ok(), loggedIn: ok() },
  },
  { id: 'access password page', calls: ['pageinfo/kodekodex/personalinfo'], when: '', situation: 'running', cells: LOGGED_IN_ONLY },
  { id: 'access password', calls: ['submit/kodekodex/personalinfo'], when: 'a new key; ends every earlier token of the participant', situation: 'running', cells: LOGGED_IN_ONLY },
  {
    id: 'access password, limit reached',
    calls: ['submit/kodekodex/personalinfo'],
    when: 'a new key after `PERSONAL_KEY_MAX_CHANGES_PER_PARTICIPANT_PER_HOUR` within the hour: 5/111, the key in use stays',
    situation: 'keyChangesUsedUp',
    cells: { ...LOGGED_IN_ONLY, loggedIn: refused(5, 111) },
  },
  {
    id: 'access password, group participant, 5 characters',
    calls: ['submit/kodekodex/personalinfo'],
    when: "a group participant's new key of 5 characters: their flow's minimum is 6",
    situation: 'groupMemberWithKey',
    cells: { ...LOGGED_IN_ONLY, loggedIn: refused(5, 0) },
  },
  {
    id: 'register page, open',
    calls: ['pageinfo/kodekodex/register'],
    when: 'assessor must register, no key yet (not logged in: empty fields)',
    situation: 'mustRegisterNoKey',
    cells: { ...GENUINE, identCode: ok(), loggedIn: ok() },
  },
  {
    id: 'register page, key set',
    calls: ['pageinfo/kodekodex/register'],
    when: 'assessor must register, key set',
    situation: 'mustRegisterWithKey',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'register page, not required',
    calls: ['pageinfo/kodekodex/register'],
    when: 'registration not required or done',
    situation: 'running',
    cells: { ...GENUINE, identCode: refused(3, 23), loggedIn: refused(3, 23) },
  },
  {
    id: 'register, open',
    calls: ['submit/kodekodex/register'],
    when: 'assessor must register, no key yet',
    situation: 'mustRegisterNoKey',
    cells: { ...GENUINE, identCode: ok(), loggedIn: ok() },
  },
  {
    id: 'register, key set',
    calls: ['submit/kodekodex/register'],
    when: 'assessor must register, key set',
    situation: 'mustRegisterWithKey',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'register, not required',
    calls: ['submit/kodekodex/register'],
    when: 'registration not required or done',
    situation: 'running',
    cells: { ...GENUINE, identCode: refused(3, 23), loggedIn: refused(3, 23) },
  },
  { id: 'questionnaire', calls: ['pageinfo/questionnaire'], when: 'read and save a page', situation: 'running', cells: LOGGED_IN_ONLY },
  {
    id: 'questionnaire, draft',
    calls: ['pageinfo/questionnaire'],
    when: "a draft of a page (`draft: true`): kept for the token's own assessment, only answers of that page with allowed values; never counted as answers",
    situation: 'running',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'questionnaire, stale revision',
    calls: ['pageinfo/questionnaire'],
    when: 'a save naming an older `baseRevision` than the page has: nothing written, the page as held with `conflict`',
    situation: 'pageSavedElsewhere',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'finish',
    calls: ['submit/finishassessment'],
    when: "everything answered; revokes the token and ends the participant's earlier ones; its retry (once, within a minute) answers like the first",
    situation: 'complete',
    cells: { ...LOGGED_IN_ONLY, finishedWith: ok() },
  },
  {
    id: 'finish, retried once already',
    calls: ['submit/finishassessment'],
    when: 'the token that finished, a second retry',
    situation: 'completeRetried',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'finish, retry after a minute',
    calls: ['submit/finishassessment'],
    when: 'the token that finished, retrying more than a minute after finishing',
    situation: 'completeRetryLate',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'group code closed',
    calls: ['pageinfo/kodew/assessmentselection', 'pageinfo/kodew/personalinfo'],
    when: 'the operator closed the group code: told as finished, like its login',
    situation: 'groupMemberClosed',
    cells: { ...GENUINE, signedOutCopy: refused(9, 0), identCode: refused(9, 0), loggedIn: refused(9, 0), pastValidUntil: refused(9, 0) },
  },
  {
    id: 'login page, group participant',
    calls: ['pageinfo/kodekodex/login'],
    when: 'a group participant coming back: the texts ask for the personal key',
    situation: 'groupMemberWithKey',
    cells: PUBLIC,
  },
  {
    id: 'ident code, personal access code',
    calls: ['submit/kodekodex/identcode'],
    when: "a group participant's personal access code finds the assessment they are at (after finishing one with questionnaires left, the next); limited per address",
    situation: 'groupMemberWithKey',
    cells: { ...everyState(ok()), pastValidUntil: refused(14, 0), finished: refused(9, 0) },
  },
  {
    id: 'access-code login, personal key',
    calls: ['submit/kodekodex/login'],
    when: "a group participant's personal key; limited per assessment and address",
    situation: 'groupMemberWithKey',
    cells: { ...GENUINE, identCode: ok(), loggedIn: ok() },
  },
  { id: 'group personal info page, no key', calls: ['pageinfo/kodew/personalinfo'], when: 'kodew participant without a key', situation: 'groupMember', cells: LOGGED_IN_ONLY },
  {
    id: 'group personal info page, key set',
    calls: ['pageinfo/kodew/personalinfo'],
    when: 'kodew participant with a key: their values and access code',
    situation: 'groupMemberWithKey',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'group personal info page, no group',
    calls: ['pageinfo/kodew/personalinfo'],
    when: 'an ident-code participant',
    situation: 'running',
    cells: { ...GENUINE, identCode: refused(3, 23), loggedIn: refused(3, 23) },
  },
  { id: 'group personal info, no key', calls: ['submit/kodew/personalinfo'], when: 'field values and a new key', situation: 'groupMember', cells: LOGGED_IN_ONLY },
  {
    id: 'group personal info, key set',
    calls: ['submit/kodew/personalinfo'],
    when: 'field values and a new key, replacing the one set',
    situation: 'groupMemberWithKey',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'group personal info, no group',
    calls: ['submit/kodew/personalinfo'],
    when: 'an ident-code participant',
    situation: 'running',
    cells: { ...GENUINE, identCode: refused(3, 23), loggedIn: refused(3, 23) },
  },
  {
    id: 'group login page',
    calls: ['pageinfo/kodew/login'],
    when: 'translations only; the code in the address is not looked up',
    situation: 'running',
    cells: PUBLIC,
  },
  {
    id: 'group login',
    calls: ['submit/kodew/login'],
    when: 'the right group code: a new participant; the token is not read; limited per address',
    situation: 'running',
    cells: everyState(ok()),
  },
  {
    id: 'image',
    calls: ['loadImage'],
    when: 'an image of the questionnaire version the token answers (base64 text); any other key NoRecordset',
    situation: 'slider',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'send access code',
    calls: ['submit/kodew/sendaccesscode'],
    when: "the participant's own access code to any address; limited per participant and address",
    situation: 'groupMemberWithKey',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'send access code, before personal info',
    calls: ['submit/kodew/sendaccesscode'],
    when: 'participant who has not saved personal info, so has no personal key either',
    situation: 'groupMember',
    cells: BEFORE_PERSONAL_INFO,
  },
  {
    id: 'kodew info',
    calls: ['pageinfo'],
    when: "category kodewinfo: a logged-in group participant's token adds the group's info texts",
    situation: 'groupMemberWithKey',
    cells: PUBLIC,
  },
  {
    id: 'kodew info, before personal info',
    calls: ['pageinfo'],
    when: 'category kodewinfo: group participant who has not saved personal info',
    situation: 'groupMember',
    cells: { ...PUBLIC, loggedIn: refused(3, 103) },
  },
  {
    id: 'selection page',
    calls: ['pageinfo/kodew/assessmentselection'],
    when: "group participant: the group's questionnaires, what is still selectable",
    situation: 'groupMemberWithKey',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'selection page, before personal info',
    calls: ['pageinfo/kodew/assessmentselection'],
    when: 'group participant who has not saved personal info',
    situation: 'groupMember',
    cells: BEFORE_PERSONAL_INFO,
  },
  {
    id: 'selection page, no group',
    calls: ['pageinfo/kodew/assessmentselection'],
    when: 'ident-code participant',
    situation: 'running',
    cells: { ...GENUINE, identCode: refused(3, 23), loggedIn: refused(3, 23) },
  },
  {
    id: 'selection',
    calls: ['submit/kodew/assessmentselection'],
    when: 'group participant: another questionnaire becomes theirs, a token for it',
    situation: 'groupMemberWithKey',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'selection, before personal info',
    calls: ['submit/kodew/assessmentselection'],
    when: 'group participant who has not saved personal info',
    situation: 'groupMember',
    cells: BEFORE_PERSONAL_INFO,
  },
  {
    id: 'selection, no group',
    calls: ['submit/kodew/assessmentselection'],
    when: 'ident-code participant',
    situation: 'running',
    cells: { ...GENUINE, identCode: refused(3, 23), loggedIn: refused(3, 23) },
  },
  {
    id: 'finish, questionnaires left',
    calls: ['submit/finishassessment'],
    when: 'group participant: logout false and a token for the next questionnaire; the retry the same',
    situation: 'groupMemberComplete',
    cells: { ...LOGGED_IN_ONLY, finishedWith: ok() },
  },
  {
    id: 'questionnaire and image before personal info',
    calls: ['pageinfo/questionnaire', 'loadImage'],
    when: 'group participant who has not saved personal info',
    situation: 'groupMemberUnsavedComplete',
    cells: BEFORE_PERSONAL_INFO,
  },
  {
    id: 'finish before personal info',
    calls: ['submit/finishassessment'],
    when: 'group participant who has not saved personal info, questionnaire answered completely (a token that finished had passed the rule: its retry answers like the first)',
    situation: 'groupMemberUnsavedComplete',
    cells: { ...BEFORE_PERSONAL_INFO, finishedWith: ok() },
  },
  { id: 'ra login page', calls: ['pageinfo/ra/login'], when: 'translations only; the code in the address is not looked up', situation: 'running', cells: PUBLIC },
  {
    id: 'ra login',
    calls: ['submit/ra/login'],
    when: 'the right ra group code: a new participant; the token is not read; limited per address',
    situation: 'running',
    cells: everyState(ok()),
  },
  { id: 'ra personal info page, no key', calls: ['pageinfo/ra/personalinfo'], when: 'ra participant without a key: empty name and e-mail', situation: 'raMember', cells: LOGGED_IN_ONLY },
  {
    id: 'ra personal info page, key set',
    calls: ['pageinfo/ra/personalinfo'],
    when: 'ra participant with a key: their name, e-mail and access code',
    situation: 'raMemberWithKey',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'ra personal info page, other variant',
    calls: ['pageinfo/ra/personalinfo'],
    when: 'a web-variant participant',
    situation: 'groupMemberWithKey',
    cells: { ...GENUINE, identCode: refused(3, 23), loggedIn: refused(3, 23) },
  },
  {
    id: 'ra personal info, no key',
    calls: ['submit/ra/personalinfo'],
    when: 'name, e-mail and a new key; the access code mailed to that address',
    situation: 'raMember',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'ra personal info, key set',
    calls: ['submit/ra/personalinfo'],
    when: 'name, e-mail and a new key, replacing the one set; the access code mailed to that address; limited per participant and address',
    situation: 'raMemberWithKey',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'ra personal info, other variant',
    calls: ['submit/ra/personalinfo'],
    when: 'a web-variant participant',
    situation: 'groupMemberWithKey',
    cells: { ...GENUINE, identCode: refused(3, 23), loggedIn: refused(3, 23) },
  },
  {
    id: 'manual, ra participant',
    calls: ['pageinfo'],
    when: "category questionnairemanual: a logged-in ra participant's token with a key adds their personal access code",
    situation: 'raMemberWithKey',
    cells: PUBLIC,
  },
  // The other group flow (issue 9): the same parts as kodew's, for participants of its own group codes.
  { id: 'kodegroupcode login page', calls: ['pageinfo/kodegroupcode/login'], when: 'translations only; the code in the address is not looked up', situation: 'running', cells: PUBLIC },
  {
    id: 'kodegroupcode login',
    calls: ['submit/kodegroupcode/login'],
    when: 'the right group code (sent as typed): a new participant; the token is not read; limited per address with the other group flows',
    situation: 'running',
    cells: everyState(ok()),
  },
  {
    id: 'kodegroupcode personal info page, no key',
    calls: ['pageinfo/kodegroupcode/personalinfo'],
    when: 'kodegroupcode participant without a key',
    situation: 'kgcMember',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'kodegroupcode personal info page, key set',
    calls: ['pageinfo/kodegroupcode/personalinfo'],
    when: 'kodegroupcode participant with a key: their values and access code',
    situation: 'kgcMemberWithKey',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'kodegroupcode personal info page, another flow',
    calls: ['pageinfo/kodegroupcode/personalinfo'],
    when: 'a kodew participant with a key',
    situation: 'groupMemberWithKey',
    cells: { ...GENUINE, identCode: refused(3, 23), loggedIn: refused(3, 23) },
  },
  {
    id: 'kodegroupcode personal info, no key',
    calls: ['submit/kodegroupcode/personalinfo'],
    when: 'field values and a new key',
    situation: 'kgcMember',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'kodegroupcode personal info, key set',
    calls: ['submit/kodegroupcode/personalinfo'],
    when: 'field values and a new key, replacing the one set',
    situation: 'kgcMemberWithKey',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'kodegroupcode personal info, another flow',
    calls: ['submit/kodegroupcode/personalinfo'],
    when: 'a kodew participant with a key',
    situation: 'groupMemberWithKey',
    cells: { ...GENUINE, identCode: refused(3, 23), loggedIn: refused(3, 23) },
  },
  {
    id: 'kodegroupcode send access code',
    calls: ['submit/kodegroupcode/sendaccesscode'],
    when: "the participant's own access code to any address; limited per participant and address",
    situation: 'kgcMemberWithKey',
    cells: LOGGED_IN_ONLY,
  },
  {
    id: 'kodegroupcode send access code, before personal info',
    calls: ['submit/kodegroupcode/sendaccesscode'],
    when: 'kodegroupcode participant who has not saved personal info, so has no personal key either',
    situation: 'kgcMember',
    cells: BEFORE_PERSONAL_INFO,
  },
  {
    id: 'kodegroupcode send access code, another flow',
    calls: ['submit/kodegroupcode/sendaccesscode'],
    when: 'a kodew participant with a key, their own access code',
    situation: 'groupMemberWithKey',
    cells: { ...GENUINE, identCode: refused(3, 23), loggedIn: refused(3, 23) },
  },
  // The portal (issue 10): a buyer is nobody's participant, so no call reads the token (spec §6),
  // whatever state it is in; a payment report reaches the embedded API only for one of the
  // session's own transactions (lib/proxy/portalReport.ts), and a payment is PayPal's word.
  { id: 'portal page', calls: ['pageinfo/portal/login'], when: 'product and price of the portal the address names; the token is not read', situation: 'portalVisitor', cells: everyState(ok()) },
  {
    id: 'portal page, unknown portal',
    calls: ['pageinfo/portal/login'],
    when: "an identifier that is not the portal's: nothing about it",
    situation: 'portalVisitor',
    cells: everyState(refused(2, 104)),
  },
  {
    id: 'invoice',
    calls: ['submit/portal/invoiceinfo'],
    when: "invoice data at the portal's price: a new transaction; the token is not read; limited per address",
    situation: 'portalVisitor',
    cells: everyState(ok()),
  },
  {
    id: 'invoice, another price',
    calls: ['submit/portal/invoiceinfo'],
    when: "a price that is not the portal's: nothing stored",
    situation: 'portalVisitor',
    cells: everyState(refused(5, 107)),
  },
  {
    id: 'invoice, another identifier',
    calls: ['submit/portal/invoiceinfo'],
    when: "the portal's id under another identifier (ids cannot be tried in turn): nothing stored",
    situation: 'portalVisitor',
    cells: everyState(refused(2, 104)),
  },
  {
    id: 'payment report, no transaction',
    calls: ['submit/portal/sucessfullyPaid'],
    when: "a transaction id that is none (the proxy sends only the session's own) with an order PayPal says is paid: nothing recorded",
    situation: 'portalVisitor',
    cells: everyState(refused(5, 0)),
  },
  {
    id: 'payment report',
    calls: ['submit/portal/sucessfullyPaid'],
    when: "the buyer's transaction and an order PayPal says is COMPLETED for it at its price: recorded once, confirmation mailed",
    situation: 'portalBuyer',
    cells: everyState(ok()),
  },
  {
    id: "payment report, another transaction's order",
    calls: ['submit/portal/sucessfullyPaid'],
    when: "the buyer's transaction and a paid order of another transaction: no payment (a report row for the operator)",
    situation: 'portalBuyer',
    cells: everyState(refused(5, 108)),
  },
];

/** The calls of the contract that the embedded API does not answer yet: refused alike, whatever the token. */
export function unavailableRow(calls: CallPath[]): AuthorityRow {
  return {
    id: 'not available',
    calls,
    when: 'flows not built yet: `{statusCode:0, detailCode:0, error:"call … is not available"}`, not logged',
    situation: 'running',
    cells: everyState({ allowed: false, statusCode: 0, detailCode: 0, httpStatus: 404 }),
  };
}

function renderCell(cell: Cell): string {
  if (cell.httpStatus) return `✘ HTTP ${cell.httpStatus}`;
  return `${cell.allowed ? '✔' : '✘'} ${cell.statusCode}/${cell.detailCode}`;
}

function renderCalls(row: AuthorityRow): string {
  const calls = row.calls.length > 3 ? `the ${row.calls.length} other catalogue paths` : row.calls.map((c) => `\`${c}\``).join(', ');
  return row.when ? `${calls} — ${row.when}` : calls;
}

/** The markdown table of SECURITY.md. */
export function renderAuthorityTable(rows: AuthorityRow[]): string {
  const header = `| call | ${TOKEN_STATES.map((s) => TOKEN_STATE_TITLES[s]).join(' | ')} |`;
  const rule = `|---|${TOKEN_STATES.map(() => '---').join('|')}|`;
  const lines = rows.map((row) => `| ${renderCalls(row)} | ${TOKEN_STATES.map((s) => renderCell(row.cells[s])).join(' | ')} |`);
  return [header, rule, ...lines].join('\n');
}

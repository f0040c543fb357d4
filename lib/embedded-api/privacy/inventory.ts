/**
 * The inventory of personal data (issue 29, point 1): every table and column of the embedded API's
 * database after all migrations, and the places outside it, with what each holds, why, on which
 * legal basis an operator typically keeps it, how long, and what erases it. docs/privacy.md shows
 * it (`npx tsx lib/scripts/privacy-inventory.ts` writes it there); inventory.test.ts fails when the
 * database has a column this list lacks, or the list one the database lacks.
 */

/** What a column says about a person. An empty list: nothing (not about a person). */
export type PersonalKind = 'name' | 'contact' | 'identifier' | 'answer' | 'activity' | 'network address' | 'secret or hash';

export const PERSONAL_KINDS: Record<PersonalKind, string> = {
  name: 'a person’s name',
  contact: 'an e-mail or postal address',
  identifier: 'a code, number or id that singles out a person, their assessment or their purchase',
  answer: 'what a person answered or typed: answers, drafts, additional fields',
  activity: 'when and how a person used the app: times, states, languages, what they bought; personal through the row’s link to them',
  'network address': 'the client address a request came from (IPv4, or the /64 of an IPv6 address), or its network',
  'secret or hash': 'a hash of a personal key or of an e-mail address',
};

/** GDPR Art. 6(1): the legal bases an operator typically relies on. */
export type LegalBasis = 'contract' | 'legal obligation' | 'legitimate interest' | 'consent';

export const LEGAL_BASES: Record<LegalBasis, { article: string; meaning: string }> = {
  contract: { article: 'Art. 6(1)(b)', meaning: 'the assessment or purchase the person takes part in' },
  'legal obligation': { article: 'Art. 6(1)(c)', meaning: 'commercial and tax law; the controller’s accountability' },
  'legitimate interest': { article: 'Art. 6(1)(f)', meaning: 'security and the prevention of abuse (guessing codes, flooding)' },
  consent: { article: 'Art. 6(1)(a)', meaning: 'the person agreed to this use; none of the tables relies on it alone' },
};

/**
 * The retention rules of the purge (docs/privacy.md, Retention), by the setting that changes them.
 * Rules without a setting have a fixed period.
 */
export type RetentionRule = 'finished' | 'unfinished' | 'neverStarted' | 'outbox' | 'drafts' | 'guessing' | 'revokedTokens' | 'invoices' | 'demoOrders';

export const RETENTION_RULES: Record<RetentionRule, { setting?: string; period: string }> = {
  finished: { setting: 'PRIVACY_FINISHED_DAYS', period: 'finished assessments, N days after finishing; off by default' },
  unfinished: { setting: 'PRIVACY_UNFINISHED_DAYS', period: 'unfinished assessments, N days after the last activity; default 365' },
  neverStarted: { setting: 'PRIVACY_NEVER_STARTED_DAYS', period: 'group participants who never saved an answer, N days after their login; default 30' },
  outbox: { setting: 'PRIVACY_OUTBOX_DAYS', period: 'mails in the outbox, N days; default 30' },
  drafts: { setting: 'PRIVACY_DRAFT_DAYS', period: 'drafts not touched for N days; default 30' },
  guessing: { period: 'the guessing and counting tables, 2 days' },
  revokedTokens: { period: 'revoked tokens, once the token has expired' },
  invoices: { setting: 'PRIVACY_INVOICE_YEARS', period: 'invoice data, N years; default 10 (§147 AO, §257 HGB)' },
  demoOrders: { period: 'the demo PayPal provider’s orders, 1 day' },
};

/** What removes a table's rows, or why nothing does. */
export type Erasure =
  /** `npm run admin -- privacy erase` (lib/embedded-api/privacy/erase.ts), itself or through a cascade. */
  | { by: 'privacy erase'; note?: string }
  /** `npm run admin -- privacy purge` and the app's daily purge, by one rule. */
  | { by: 'privacy purge'; rule: RetentionRule }
  /** A foreign key `on delete cascade`: the rows go with the row of that table. */
  | { by: 'cascade'; from: string }
  /** The app deletes them itself as it goes. */
  | { by: 'the app'; when: string }
  /** Kept on purpose, with the reason. */
  | { by: 'kept'; why: string }
  /** Holds no personal data: nothing needs to erase it. */
  | { by: 'nothing' };

export type InventoryColumn = { name: string; personal: readonly PersonalKind[]; what: string };

export type InventoryTable = {
  name: string;
  /** What it is and why it is kept. */
  purpose: string;
  /** Empty: no personal data, no basis needed. */
  basis: readonly LegalBasis[];
  basisNote?: string;
  /** How long its rows stay by default. */
  kept: string;
  erasure: readonly Erasure[];
  columns: readonly InventoryColumn[];
};

const NONE: readonly PersonalKind[] = [];
const col = (name: string, personal: readonly PersonalKind[], what: string): InventoryColumn => ({ name, personal, what });

const ASSESSMENT_RULES: Erasure[] = [
  { by: 'privacy purge', rule: 'finished' },
  { by: 'privacy purge', rule: 'unfinished' },
  { by: 'privacy purge', rule: 'neverStarted' },
];
const WITH_ASSESSMENT_KEPT = 'as long as its assessment (see `assessment`)';
const GUESSING_KEPT = '2 days';
const INVOICE_KEPT = '`PRIVACY_INVOICE_YEARS` (default 10 years): commercial retention, never purged by the participant rules';

export const TABLES: readonly InventoryTable[] = [
  {
    name: 'schema_migration',
    purpose: 'Which schema versions were applied and when: the app applies the missing ones at start.',
    basis: [],
    kept: 'for the database’s life',
    erasure: [{ by: 'nothing' }],
    columns: [col('version', NONE, 'the migration’s number'), col('name', NONE, 'what it changed'), col('applied_at', NONE, 'when it was applied')],
  },
  {
    name: 'assessor',
    purpose:
      'The participant: the person who fills in assessments. Their name and e-mail from /register (or the name-and-e-mail variant of the group flow), the hash of their personal key, and which privacy text they agreed to. Kept so that they can sign in again and the operator knows whose answers they are.',
    basis: ['contract'],
    basisNote: 'the consent’s version and time are the proof of what was agreed to (Art. 7(1))',
    kept: 'with their assessments (see `assessment`)',
    erasure: [{ by: 'privacy erase' }, ...ASSESSMENT_RULES],
    columns: [
      col('id', ['identifier'], 'internal number: links their assessments, group participations and key changes to them'),
      col('first_name', ['name'], 'first name'),
      col('last_name', ['name'], 'last name; the whole name in the group flow’s name-and-e-mail variant'),
      col('email', ['contact'], 'e-mail address'),
      col('is_registered', ['activity'], 'whether they have an account (registered, or a group participant)'),
      col('must_register', ['activity'], 'whether they must register at their next sign-in'),
      col('key_hash', ['secret or hash'], 'salted scrypt hash of their personal key; the key itself is never stored'),
      col('tokens_valid_after', ['activity'], 'tokens issued before this moment are refused: set by sign-out, key change, finishing and erasure'),
      col('privacy_consent_version', ['activity'], 'the version of the privacy text they agreed to'),
      col('privacy_consent_at', ['activity'], 'when they agreed to it'),
    ],
  },
  {
    name: 'assessment',
    purpose:
      'One assessment: the ident code that opens it, whom it assesses (the candidate; in a self-assessment the participant), which questionnaire in which language, until when it is open and when it was finished. Created by the operator (`assessment create`) or by a group participant’s login.',
    basis: ['contract'],
    kept: 'finished: `PRIVACY_FINISHED_DAYS` after finishing (off by default: until erased); unfinished: `PRIVACY_UNFINISHED_DAYS` after the last activity (default 365 days); a group participant who never saved an answer: `PRIVACY_NEVER_STARTED_DAYS` after their login (default 30 days)',
    erasure: [
      { by: 'privacy erase', note: 'with `--keep-answers-anonymous` the row stays with its answers, under a new random ident code, without candidate, group participant or assessor' },
      ...ASSESSMENT_RULES,
      { by: 'cascade', from: 'group_member' },
    ],
    columns: [
      col('id', ['identifier'], 'internal number: links answers, drafts and guessing rows to it'),
      col('ident_code', ['identifier'], 'the code of the participant’s deep link and sign-in (`/home/<ident code>`); a group participant’s is internal (`G-<number>-<n>`)'),
      col('product', ['activity'], 'which kind of assessment (product number)'),
      col('assessor_id', ['identifier'], 'the participant who fills it in'),
      col('ui_language', ['activity'], 'the language of the pages'),
      col('questionnaire_language', ['activity'], 'the language of the questionnaire'),
      col('stylesheet', NONE, 'the operator’s theme'),
      col('candidate_title', ['name'], 'title of the person assessed'),
      col('candidate_first_name', ['name'], 'first name of the person assessed'),
      col('candidate_last_name', ['name'], 'last name of the person assessed'),
      col('candidate_pseudonym', ['name'], 'the name shown instead of the candidate’s'),
      col('is_self_assessment', ['activity'], 'whether the participant assesses themselves'),
      col('first_login_done', ['activity'], 'whether the participant has signed in before'),
      col('valid_until', ['activity'], 'until when it can be answered'),
      col('finished_at', ['activity'], 'when it was finished'),
      col('questionnaire_key', ['activity'], 'which questionnaire'),
      col('questionnaire_version', ['activity'], 'which version of it'),
      col('created_at', ['activity'], 'when it was created'),
      col('group_member_id', ['identifier'], 'the group participant it belongs to'),
      col('assessment_type', ['activity'], 'the questionnaire type a group participant chose'),
    ],
  },
  {
    name: 'revoked_token',
    purpose: 'Tokens ended before their time (sign-out, finishing), so that a copy of one is refused until it would have expired anyway.',
    basis: ['legitimate interest'],
    basisNote: 'a signed-out session must stay closed',
    kept: 'until the token has expired (`TOKEN_TTL_SECONDS`, default 4 hours)',
    erasure: [
      { by: 'the app', when: 'expired rows, whenever a token is revoked' },
      { by: 'privacy purge', rule: 'revokedTokens' },
    ],
    columns: [
      col('jti', ['identifier'], 'the random id of a token a participant held; the token itself, which names the assessment, is not stored, and no column links the id to a person'),
      col('expires_at', ['activity'], 'when the token expires'),
      col('reason', ['activity'], 'why it was revoked: sign-out or finishing'),
      col('revoked_at', ['activity'], 'when'),
      col('retried_at', ['activity'], 'when the token that finished retried its finish (once, within a minute)'),
    ],
  },
  {
    name: 'answer',
    purpose: 'The participant’s saved answers: what the assessment is for.',
    basis: ['contract'],
    kept: WITH_ASSESSMENT_KEPT,
    erasure: [{ by: 'cascade', from: 'assessment' }, { by: 'privacy erase', note: 'kept, linked to nobody, with `--keep-answers-anonymous`' }, ...ASSESSMENT_RULES],
    columns: [
      col('assessment_id', ['identifier'], 'the assessment'),
      col('question_id', ['answer'], 'the question answered'),
      col('answer_id', ['answer'], 'the answer item'),
      col('value', ['answer'], 'the value chosen'),
      col('saved_at', ['activity'], 'when it was saved'),
    ],
  },
  {
    name: 'access_code_failure',
    purpose: 'Wrong access codes and keys per assessment and client address, for the guessing limits (`ACCESS_CODE_*`).',
    basis: ['legitimate interest'],
    basisNote: 'stopping the guessing of keys',
    kept: GUESSING_KEPT,
    erasure: [
      { by: 'the app', when: 'rows older than 2 days (or a longer window or lock in use), whenever a code is checked; an address’s rows on the assessment when it enters the right code' },
      { by: 'privacy purge', rule: 'guessing' },
      { by: 'privacy erase' },
      { by: 'cascade', from: 'assessment' },
    ],
    columns: [
      col('id', NONE, 'row number'),
      col('assessment_id', ['identifier'], 'the assessment whose code was tried'),
      col('client_address', ['network address'], 'where the attempt came from'),
      col('failed_at', ['activity'], 'when'),
      col('checked', ['activity'], 'false: the attempt waited in vain for a check, kept only for its rank'),
      col('client_network', ['network address'], 'the address’s /24 (IPv4) or /48 (IPv6)'),
    ],
  },
  {
    name: 'ident_code_lookup',
    purpose: 'Ident-code lookups per client address, for the limit on guessing ident codes (`IDENT_CODE_*`).',
    basis: ['legitimate interest'],
    basisNote: 'stopping the guessing of ident codes',
    kept: GUESSING_KEPT,
    erasure: [
      { by: 'the app', when: 'rows older than 2 days (or a longer window or lock in use), whenever an ident code is looked up' },
      { by: 'privacy purge', rule: 'guessing' },
    ],
    columns: [
      col('id', NONE, 'row number'),
      col('client_address', ['network address'], 'where the lookup came from (empty: unknown)'),
      col('looked_up_at', ['activity'], 'when'),
      col('failed', ['activity'], 'whether the code was unknown'),
    ],
  },
  {
    name: 'questionnaire',
    purpose: 'The questionnaires the operator imported (`questionnaire import`), each version kept, since assessments answer the version they began with.',
    basis: [],
    kept: 'as long as the operator keeps the questionnaire',
    erasure: [{ by: 'nothing' }],
    columns: [
      col('key', NONE, 'the questionnaire’s name'),
      col('version', NONE, 'its version'),
      col('checksum', NONE, 'hash of the imported text: the same text is not imported twice'),
      col('definition', NONE, 'pages, questions and texts'),
      col('imported_at', NONE, 'when it was imported'),
    ],
  },
  {
    name: 'questionnaire_image',
    purpose: 'The images of a questionnaire version.',
    basis: [],
    kept: 'with its questionnaire',
    erasure: [{ by: 'nothing' }],
    columns: [
      col('questionnaire_key', NONE, 'the questionnaire'),
      col('questionnaire_version', NONE, 'its version'),
      col('image_key', NONE, 'the image’s name in the questionnaire'),
      col('media_type', NONE, 'PNG, JPEG, …'),
      col('data', NONE, 'the image'),
      col('width', NONE, 'its width'),
      col('height', NONE, 'its height'),
      col('sha256', NONE, 'its hash, for caching'),
    ],
  },
  {
    name: 'group_code',
    purpose: 'The group codes the operator issued (`groupcode create`): a whole group signs in with one, and each gets a participant of their own. Which additional fields and questionnaires it offers.',
    basis: [],
    kept: 'as long as the operator keeps the group code',
    erasure: [{ by: 'nothing' }],
    columns: [
      col('id', NONE, 'internal number'),
      col('code', NONE, 'the code a whole group shares'),
      col('variant', NONE, 'which group flow'),
      col('product', NONE, 'the product its assessments get'),
      col('ui_language', NONE, 'the pages’ default language'),
      col('stylesheet', NONE, 'the operator’s theme'),
      col('valid_until', NONE, 'until when it can be used'),
      col('closed_at', NONE, 'when the operator closed it'),
      col('fields', NONE, 'the additional fields it asks for (their names and choices, not the answers)'),
      col('questionnaires', NONE, 'the questionnaires it offers'),
      col('created_at', NONE, 'when it was created'),
      col('personal_info_finish_modal', NONE, 'whether its personal-info page asks “finish or cancel”'),
    ],
  },
  {
    name: 'group_member',
    purpose: 'A group participant: their personal access code (to come back) and the values of the group’s additional fields (department, years of experience, …).',
    basis: ['contract'],
    kept: 'with their assessments (see `assessment`); one who never saved an answer `PRIVACY_NEVER_STARTED_DAYS` after their login (default 30 days)',
    erasure: [
      { by: 'privacy erase' },
      ...ASSESSMENT_RULES,
      { by: 'cascade', from: 'group_code' },
      { by: 'cascade', from: 'assessor' },
    ],
    columns: [
      col('id', ['identifier'], 'internal number'),
      col('group_code_id', ['activity'], 'the group they signed in with'),
      col('assessor_id', ['identifier'], 'their participant row'),
      col('access_code', ['identifier'], 'their personal access code: with their key it signs them in again'),
      col('field_values', ['answer'], 'the values they gave the additional fields'),
      col('current_assessment_id', ['identifier'], 'the assessment they are at'),
      col('personal_info_saved_at', ['activity'], 'when they saved the personal-info page'),
      col('created_at', ['activity'], 'their first login'),
    ],
  },
  {
    name: 'group_code_failure',
    purpose: 'Unknown group codes per client address, for the limit on guessing group codes (`GROUP_CODE_*`).',
    basis: ['legitimate interest'],
    basisNote: 'stopping the guessing of group codes',
    kept: GUESSING_KEPT,
    erasure: [
      { by: 'the app', when: 'rows older than 2 days (or a longer window or lock in use), whenever an unknown group code is tried' },
      { by: 'privacy purge', rule: 'guessing' },
    ],
    columns: [col('id', NONE, 'row number'), col('client_address', ['network address'], 'where the attempt came from'), col('failed_at', ['activity'], 'when')],
  },
  {
    name: 'group_code_login',
    purpose: 'New participants per group code and client address, for the limit on flooding a group code (`GROUP_CODE_MAX_LOGINS_PER_CLIENT`).',
    basis: ['legitimate interest'],
    basisNote: 'stopping one address from creating participants without end',
    kept: GUESSING_KEPT,
    erasure: [
      { by: 'the app', when: 'rows older than 2 days (or a longer window in use), whenever a participant signs in with a group code' },
      { by: 'privacy purge', rule: 'guessing' },
      { by: 'cascade', from: 'group_code' },
    ],
    columns: [
      col('id', NONE, 'row number'),
      col('group_code_id', NONE, 'the group code'),
      col('client_address', ['network address'], 'where the login came from'),
      col('logged_in_at', ['activity'], 'when'),
    ],
  },
  {
    name: 'mail_outbox',
    purpose:
      'Mails the app did not send because no `SMTP_URL` is set: access codes a participant asked for, payment confirmations. Kept for the operator to read and hand on (`outbox list`, `outbox show`).',
    basis: ['contract'],
    kept: '`PRIVACY_OUTBOX_DAYS` (default 30 days)',
    erasure: [{ by: 'privacy erase', note: 'the mails to the person’s addresses, and those carrying a group participant’s access code' }, { by: 'privacy purge', rule: 'outbox' }],
    columns: [
      col('id', NONE, 'row number'),
      col('created_at', ['activity'], 'when it was written'),
      col('kind', ['activity'], 'access code or payment confirmation'),
      col('language', ['activity'], 'its language'),
      col('sender', NONE, 'the operator’s `MAIL_FROM`'),
      col('recipient', ['contact'], 'the address it is for'),
      col('subject', NONE, 'a fixed subject per kind and language, without code or name'),
      col('body', ['identifier', 'name', 'contact'], 'the text: an access code and its deep link, or a payment confirmation with the invoice’s name, address and amount'),
    ],
  },
  {
    name: 'mail_sent',
    purpose: 'Mails counted for the anti-spam limits (`MAIL_MAX_*`): per group participant, per recipient and per client address.',
    basis: ['legitimate interest'],
    basisNote: 'stopping the app from being used to send mail to anyone',
    kept: GUESSING_KEPT,
    erasure: [
      { by: 'the app', when: 'rows older than two hours, whenever a mail is counted' },
      { by: 'privacy purge', rule: 'guessing' },
      { by: 'privacy erase' },
      { by: 'cascade', from: 'group_member' },
    ],
    columns: [
      col('id', NONE, 'row number'),
      col('group_member_id', ['identifier'], 'the group participant who asked for the mail'),
      col('client_address', ['network address'], 'where the request came from'),
      col('sent_at', ['activity'], 'when'),
      col('recipient_hash', ['secret or hash'], 'SHA-256 of the recipient’s address, lower-cased; unsalted, so it is pseudonymous, not anonymous'),
    ],
  },
  {
    name: 'portal',
    purpose: 'The portals the operator set up (`portal create`): where buyers pay a product’s price.',
    basis: [],
    kept: 'as long as the operator keeps the portal',
    erasure: [{ by: 'nothing' }],
    columns: [
      col('id', NONE, 'the portal’s number'),
      col('group_code_ident', NONE, 'the identifier in its address (`/portal/<identifier>/<id>`)'),
      col('product_text', NONE, 'what it sells'),
      col('price_cents', NONE, 'the price'),
      col('created_at', NONE, 'when it was created'),
    ],
  },
  {
    name: 'portal_transaction',
    purpose: 'An invoice form a buyer sent on the portal: whom to invoice for what. The invoice’s record.',
    basis: ['legal obligation', 'contract'],
    basisNote: 'invoices and the records behind them are kept under §147 AO and §257 HGB',
    kept: INVOICE_KEPT,
    erasure: [{ by: 'privacy purge', rule: 'invoices' }],
    columns: [
      col('id', ['identifier'], 'the transaction number (`PT-…`), also sent to PayPal as the order’s custom_id'),
      col('portal_id', NONE, 'the portal'),
      col('invoice_is_private', ['activity'], 'a private person or a company'),
      col('invoice_name', ['name'], 'the name to invoice'),
      col('invoice_street', ['contact'], 'street'),
      col('invoice_city', ['contact'], 'postcode and city'),
      col('invoice_email', ['contact'], 'e-mail address, for the confirmation'),
      col('product_text', ['activity'], 'the product bought, as it was offered'),
      col('price_cents', ['activity'], 'the price agreed'),
      col('ui_language', ['activity'], 'the language of the form and its confirmation'),
      col('data_privacy_accepted_at', ['activity'], 'when the buyer accepted the privacy text'),
      col('client_address', ['network address'], 'where the form came from: counted for `PORTAL_MAX_INVOICES_PER_CLIENT_PER_HOUR` and the confirmation’s mail limit; blanked after 2 days by `privacy purge` (rule `guessing`), while the invoice is kept'),
      col('created_at', ['activity'], 'when the form was sent'),
    ],
  },
  {
    name: 'payment',
    purpose: 'A payment PayPal confirmed, recorded once per PayPal order, and whether the buyer’s confirmation mail went out.',
    basis: ['legal obligation', 'contract'],
    basisNote: 'as `portal_transaction`',
    kept: INVOICE_KEPT,
    erasure: [{ by: 'privacy purge', rule: 'invoices' }],
    columns: [
      col('id', ['identifier'], 'internal number (named in the log’s `payment_confirmation` lines)'),
      col('transaction_id', ['identifier'], 'the transaction paid'),
      col('paypal_order_id', ['identifier'], 'PayPal’s order id'),
      col('paypal_capture_id', ['identifier'], 'PayPal’s capture id'),
      col('amount_cents', ['activity'], 'the amount'),
      col('currency', ['activity'], 'its currency'),
      col('recorded_at', ['activity'], 'when it was recorded'),
      col('confirmation_mail', ['activity'], 'whether the confirmation went out: smtp, outbox or failed'),
      col('confirmation_attempts', ['activity'], 'attempts to send it so far'),
      col('confirmation_next_at', ['activity'], 'when the next attempt is due'),
    ],
  },
  {
    name: 'payment_report',
    purpose: 'A payment a buyer reported that PayPal did not confirm: what the operator needs to answer a buyer who says they paid. A few per transaction at most.',
    basis: ['legal obligation', 'contract'],
    basisNote: 'as `portal_transaction`',
    kept: INVOICE_KEPT,
    erasure: [{ by: 'privacy purge', rule: 'invoices' }],
    columns: [
      col('id', NONE, 'row number'),
      col('transaction_id', ['identifier'], 'the transaction'),
      col('paypal_order_id', ['identifier'], 'the PayPal order reported'),
      col('outcome', ['activity'], 'what PayPal said'),
      col('reported_at', ['activity'], 'when'),
    ],
  },
  {
    name: 'demo_paypal_order',
    purpose:
      'The orders of the demo PayPal provider (`PAYPAL_MODE=demo`, demo mode only; no money moves). Every database has the table (migration 12), but only the demo provider writes it: on PostgreSQL this table, on PGlite the same table in a database of its own (`DATA_DIR/paypal-demo`, lib/paypal-demo/database.ts). Outside demo mode it stays empty.',
    basis: ['legitimate interest'],
    basisNote: 'a demonstration; stopping one address from flooding it with orders',
    kept: '1 day',
    erasure: [
      { by: 'the app', when: 'orders older than a day, whenever the demo provider takes an order' },
      { by: 'privacy purge', rule: 'demoOrders' },
    ],
    columns: [
      col('id', ['identifier'], 'the demo order id'),
      col('status', ['activity'], 'CREATED, APPROVED or COMPLETED'),
      col('currency', ['activity'], 'currency'),
      col('amount_value', ['activity'], 'the amount'),
      col('description', NONE, 'product text and portal number'),
      col('custom_id', ['identifier'], 'the portal’s transaction number'),
      col('invoice_id', ['identifier'], 'an invoice number, when the order named one'),
      col('payer_id', ['identifier'], 'the made-up payer id of the demo’s approval'),
      col('capture_id', ['identifier'], 'the capture id'),
      col('capture_request_id', NONE, 'the id of the capture request, so that its retry is answered alike'),
      col('client_address', ['network address'], 'where the order came from, for the demo’s limit per address'),
      col('created_at', ['activity'], 'when'),
      col('updated_at', ['activity'], 'when it last changed'),
    ],
  },
  {
    name: 'key_check_pace',
    purpose: 'How many key checks one assessment may still run back to back, across all addresses (`ACCESS_CODE_CHECK_*`).',
    basis: ['legitimate interest'],
    basisNote: 'bounding how fast one key can be guessed',
    kept: WITH_ASSESSMENT_KEPT,
    erasure: [{ by: 'cascade', from: 'assessment' }, { by: 'privacy erase' }],
    columns: [
      col('assessment_id', ['identifier'], 'the assessment'),
      col('tokens', ['activity'], 'checks left in its bucket'),
      col('updated_at', ['activity'], 'when the bucket last changed: when someone last tried its key'),
    ],
  },
  {
    name: 'key_check_turn',
    purpose: 'Sign-in attempts waiting for a key check, ranked so that addresses that have not tried yet (the owner’s) come first.',
    basis: ['legitimate interest'],
    basisNote: 'stopping the guessing of keys without locking the owner out',
    kept: 'seconds (until the turn expires); at most 2 days',
    erasure: [
      { by: 'the app', when: 'when the check is done, and expired turns whenever the next attempt arrives' },
      { by: 'privacy purge', rule: 'guessing' },
      { by: 'privacy erase' },
      { by: 'cascade', from: 'assessment' },
    ],
    columns: [
      col('id', NONE, 'row number'),
      col('assessment_id', ['identifier'], 'the assessment whose key is tried'),
      col('client_address', ['network address'], 'where the attempt came from'),
      col('client_network', ['network address'], 'its /24 (IPv4) or /48 (IPv6)'),
      col('rank', ['activity'], 'the attempts of the address and its network before it'),
      col('expires_at', ['activity'], 'when the turn is given up'),
    ],
  },
  {
    name: 'key_change',
    purpose: 'Personal keys set, per participant, for the limit on key changes (`PERSONAL_KEY_MAX_CHANGES_PER_PARTICIPANT_PER_HOUR`).',
    basis: ['legitimate interest'],
    basisNote: 'stopping a stolen session from changing the key without end',
    kept: GUESSING_KEPT,
    erasure: [
      { by: 'the app', when: 'a participant’s rows older than an hour, whenever they set a key' },
      { by: 'privacy purge', rule: 'guessing' },
      { by: 'privacy erase' },
    ],
    columns: [col('id', NONE, 'row number'), col('assessor_id', ['identifier'], 'the participant (no foreign key: the row outlives nothing but its 2 days)'), col('changed_at', ['activity'], 'when')],
  },
  {
    name: 'answer_draft',
    purpose: 'What a participant chose on a page before sending it, shown again when the page loads; never counted as answers.',
    basis: ['contract'],
    kept: 'until the page is saved or the assessment finished; a draft not touched `PRIVACY_DRAFT_DAYS` (default 30 days)',
    erasure: [
      { by: 'the app', when: 'when the page is saved, and when the assessment is finished' },
      { by: 'privacy purge', rule: 'drafts' },
      { by: 'privacy erase' },
      { by: 'cascade', from: 'assessment' },
    ],
    columns: [
      col('assessment_id', ['identifier'], 'the assessment'),
      col('question_id', ['answer'], 'the question'),
      col('answer_id', ['answer'], 'the answer item'),
      col('value', ['answer'], 'the value chosen, or cleared'),
      col('saved_at', ['activity'], 'when'),
    ],
  },
  {
    name: 'page_revision',
    purpose: 'Each page’s revision and the id of its last save, so that a stale or repeated save writes nothing.',
    basis: ['contract'],
    kept: WITH_ASSESSMENT_KEPT,
    erasure: [{ by: 'cascade', from: 'assessment' }, { by: 'privacy erase' }],
    columns: [
      col('assessment_id', ['identifier'], 'the assessment'),
      col('page_start', ['activity'], 'the page'),
      col('revision', ['activity'], 'how often it was saved or drafted'),
      col('last_save_id', ['activity'], 'the random id the last save was sent with'),
      col('saved_at', ['activity'], 'when'),
    ],
  },
  {
    name: 'privacy_audit',
    purpose: 'One row per erasure, export and purge: what was done, to how many records of which table, when and by whom; never the data, nor a code, name or address of the person concerned.',
    basis: ['legal obligation'],
    basisNote: 'the controller’s accountability (Art. 5(2)); it holds nothing of the participants',
    kept: 'for the database’s life',
    erasure: [{ by: 'kept', why: 'the record that erasures and purges happened; it names none of the people concerned' }],
    columns: [
      col('id', NONE, 'row number'),
      col('action', NONE, 'erase, export, export-anonymous or purge'),
      col('subject', NONE, 'what kind of thing: an assessment, a group participant, an e-mail address, a questionnaire, the retention rules'),
      col('records', NONE, 'how many records in all'),
      col('details', NONE, 'how many per table'),
      col('done_at', NONE, 'when'),
      col('done_by', ['identifier'], 'the operating-system user who ran the command (the operator’s staff, not a participant); `app` for the daily purge'),
    ],
  },
  {
    name: 'operator',
    purpose: 'The operator’s staff who may use the console (/admin): their e-mail address as their sign-in name, their role, and the hash of their password. No participant is in it.',
    basis: ['legitimate interest'],
    basisNote: 'who may see and change the participants’ data must be known (Art. 32)',
    kept: 'as long as the operator keeps the account; `operator disable` ends its use',
    erasure: [{ by: 'kept', why: 'an account of the operator’s own staff, kept while it may be used; its audit rows name it' }],
    columns: [
      col('id', NONE, 'internal number'),
      col('email', ['contact'], 'the staff member’s e-mail address, their sign-in name'),
      col('role', NONE, 'owner or viewer'),
      col('password_hash', ['secret or hash'], 'salted scrypt hash of the password; the password itself is never stored'),
      col('created_at', NONE, 'when the account was created'),
      col('disabled_at', NONE, 'when it was disabled'),
    ],
  },
  {
    name: 'operator_setup',
    purpose: 'One-time links with which an operator sets their password: only the SHA-256 of the link’s token.',
    basis: ['legitimate interest'],
    kept: 'until used or replaced; 24 hours of use at most',
    erasure: [{ by: 'the app', when: 'a newer link, `operator disable`' }, { by: 'cascade', from: 'operator' }],
    columns: [
      col('token_hash', ['secret or hash'], 'SHA-256 of the link’s token'),
      col('operator_id', NONE, 'whose link'),
      col('expires_at', NONE, 'when it stops working'),
      col('used_at', NONE, 'when it was used'),
    ],
  },
  {
    name: 'operator_passkey',
    purpose: 'An operator’s passkeys (WebAuthn): the public key and signature counter; nothing secret.',
    basis: ['legitimate interest'],
    kept: 'until `operator reset`',
    erasure: [{ by: 'the app', when: '`operator reset`' }, { by: 'cascade', from: 'operator' }],
    columns: [
      col('credential_id', ['identifier'], 'the passkey’s id, which the authenticator chose'),
      col('operator_id', NONE, 'whose passkey'),
      col('public_key', NONE, 'its public key'),
      col('counter', NONE, 'its signature counter'),
      col('transports', NONE, 'how the browser reaches it (usb, internal, …)'),
      col('created_at', NONE, 'when it was added'),
    ],
  },
  {
    name: 'operator_challenge',
    purpose: 'The random challenges of passkey ceremonies under way, each usable once.',
    basis: ['legitimate interest'],
    kept: '5 minutes',
    erasure: [{ by: 'the app', when: 'used, or expired at the next ceremony' }, { by: 'cascade', from: 'operator' }],
    columns: [
      col('challenge', NONE, 'random bytes'),
      col('operator_id', NONE, 'whose passkey is being added; empty for a sign-in'),
      col('purpose', ['network address'], 'register, or sign-in with the client address that asked (so that each address’s share is bounded)'),
      col('expires_at', NONE, 'when it stops working'),
    ],
  },
  {
    name: 'operator_session',
    purpose: 'Console sessions: only the SHA-256 of the session cookie, whose, and when it was last used.',
    basis: ['legitimate interest'],
    kept: 'until a week after the session’s end',
    erasure: [{ by: 'the app', when: 'at the next sign-in, a week after the session’s end' }, { by: 'cascade', from: 'operator' }],
    columns: [
      col('id_hash', ['secret or hash'], 'SHA-256 of the session cookie'),
      col('operator_id', NONE, 'whose session'),
      col('created_at', ['activity'], 'when they signed in'),
      col('expires_at', NONE, 'its latest end'),
      col('seen_at', ['activity'], 'their last request'),
      col('ended_at', ['activity'], 'when they signed out, or were disabled or reset'),
    ],
  },
  {
    name: 'operator_signin_failure',
    purpose: 'Wrong console passwords, per account and client address: the console’s sign-in limits count them.',
    basis: ['legitimate interest'],
    kept: GUESSING_KEPT,
    erasure: [{ by: 'privacy purge', rule: 'guessing' }],
    columns: [
      col('id', NONE, 'row number'),
      col('email', ['contact'], 'the address typed, which may be no operator’s'),
      col('client', ['network address'], 'the client address that sent it'),
      col('at', NONE, 'when'),
    ],
  },
  {
    name: 'operator_audit',
    purpose: 'The operators’ audit log: every change made in the console or to operators on the command line, who made it, on what and when. Never a secret, a participant’s code or answer.',
    basis: ['legitimate interest'],
    basisNote: 'accountability for the access to participants’ data (Art. 5(2), Art. 32)',
    kept: 'for the database’s life',
    erasure: [{ by: 'kept', why: 'the record of who changed what; it names the operator’s staff, and of participants at most a questionnaire or a group code' }],
    columns: [
      col('id', NONE, 'row number'),
      col('at', NONE, 'when'),
      col('operator', ['contact'], 'the staff member’s e-mail address, or `command line: <user>`'),
      col('action', NONE, 'what was done'),
      col('subject', ['identifier'], 'on what: a questionnaire key, a group code, an operator’s address'),
      col('details', NONE, 'counts and options of the change'),
    ],
  },
  {
    name: 'branding',
    purpose: 'The operator’s logo and theme, which every participant page shows (console `/admin/branding`, `branding set`). One row at most.',
    basis: [],
    kept: 'until the operator changes it',
    erasure: [{ by: 'nothing' }],
    columns: [
      col('id', NONE, 'always true: the one row'),
      col('theme', NONE, 'the theme’s name'),
      col('logo_base64', NONE, 'the logo (PNG or JPEG, its metadata removed), base64 encoded'),
      col('logo_type', NONE, 'png or jpeg'),
      col('logo_width', NONE, 'the logo’s width in pixels'),
      col('logo_height', NONE, 'the logo’s height in pixels'),
      col('updated_at', NONE, 'when it was last changed'),
    ],
  },
];

/** A place outside the database where personal data is, or might be expected and is not. */
export type InventoryPlace = { place: string; holds: string; personal: readonly PersonalKind[]; kept: string; erasure: string };

export const PLACES: readonly InventoryPlace[] = [
  {
    place: 'the log (JSON lines on stdout and stderr)',
    holds:
      'events, one line each: the start, failures (a random exception id, the failed call’s path such as `submit/kodekodex/login` and a reason whose quoted values, e-mail addresses and URL credentials are cut out: lib/log/redactReason.ts), mails not sent (kind and SMTP reply number, never the recipient or text), payment confirmations (the payment’s internal number). No request log: no client address, cookie, request body, name or answer. Fields named like a token, key, code, password, secret or cookie are masked whoever logs them (lib/log/logger.ts)',
    personal: ['identifier'],
    kept: 'as long as the operator’s log system keeps it',
    erasure: 'the operator’s log rotation',
  },
  {
    place: 'the mail outbox',
    holds: 'the table `mail_outbox`: mails not sent while `SMTP_URL` is unset',
    personal: ['contact', 'identifier', 'name'],
    kept: '`PRIVACY_OUTBOX_DAYS` (default 30 days)',
    erasure: '`privacy erase`, `privacy purge`',
  },
  {
    place: 'SMTP',
    holds: 'with `SMTP_URL` set, each mail (access code, payment confirmation) leaves for the operator’s mail server and the recipient’s mailbox; the app keeps only the count in `mail_sent`',
    personal: ['contact', 'identifier', 'name'],
    kept: 'as the mail server and the recipient keep it',
    erasure: 'beyond the app’s reach',
  },
  {
    place: 'drafts',
    holds: 'the table `answer_draft`: choices on a page not yet sent',
    personal: ['answer'],
    kept: 'until the page is saved or the assessment finished; `PRIVACY_DRAFT_DAYS` (default 30 days)',
    erasure: 'the app, `privacy erase`, `privacy purge`',
  },
  {
    place: 'backups',
    holds: 'the operator’s copies of the database, each holding everything above: the files `backup` writes (PGlite’s data folder, compressed; created readable by their owner only), `pg_dump`’s on PostgreSQL, other copies of the PGlite folder (`DATA_DIR`, with `paypal-demo` beside it in demo mode), and the database a `restore` replaced (`DATA_DIR/pgdata.before-restore-<time>`). A backup while the app runs copies the folder to `DATA_DIR/backup-copy-…` for as long as it takes',
    personal: ['name', 'contact', 'identifier', 'answer', 'activity', 'network address', 'secret or hash'],
    kept: 'as the operator’s backup plan keeps them: 30 days recommended (operations.md, “Backups”); the replaced database until the operator deletes it; the copy until the backup is written',
    erasure: 'deleting the backup: an erasure or purge does not reach it, and a restore brings back what was erased since the backup was taken, so the erasures made since must be repeated after a restore',
  },
  {
    place: 'a reverse proxy in front of the app (the operator’s)',
    holds: 'its access log, if it keeps one: client addresses and URLs, and a deep link’s URL holds the ident code (`/home/<ident code>`) or the group code',
    personal: ['network address', 'identifier'],
    kept: 'as the proxy’s configuration keeps it',
    erasure: 'the operator’s log rotation; the app cannot reach it',
  },
  {
    place: 'files the admin command line writes',
    holds: '`export` (answers with ident codes, names, e-mail addresses and additional fields), `payment export` (invoice data), `outbox show` (a mail with its access code)',
    personal: ['name', 'contact', 'identifier', 'answer', 'activity'],
    kept: 'as the operator keeps the files',
    erasure: 'the operator deletes them; no command reaches them',
  },
  {
    place: 'browser: the session cookie (`session`, `__Host-session` or `__Secure-session`)',
    holds: 'sealed (AES-256-GCM, unreadable without `SESSION_SECRET`), httpOnly: the participant’s token (which names the assessment and participant by number), their name as the header shows it, the sign-in path (with the ident code), languages, the flow’s step, the portal’s transaction numbers',
    personal: ['name', 'identifier', 'activity'],
    kept: 'until the browser closes; the token in it ends after `TOKEN_TTL_SECONDS` (default 4 hours), at sign-out, finishing, and erasure',
    erasure: 'sign-out and the error page clear token and name; after an erasure the token is refused at once',
  },
  {
    place: 'browser: history and password manager',
    holds: 'a deep link’s address (`/home/<ident code>`, a group code’s link) stays in the history like any address visited; the sign-in forms let the password manager save a code with its key, when the participant chooses to',
    personal: ['identifier'],
    kept: 'as the browser keeps them',
    erasure: 'the participant, in their browser',
  },
  {
    place: 'browser: the `XSRF-TOKEN` and `session-ends` cookies',
    holds: 'a random value bound to the session (the double-submit check), and when the token expires',
    personal: [],
    kept: 'until the browser closes',
    erasure: 'nothing: no personal data',
  },
  {
    place: 'browser: sessionStorage `portal-draft:<portal path>`',
    holds: 'the portal’s invoice form as typed (name, street, city, e-mail), the step, the transaction number and PayPal’s approval, so that a reload shows the same page (components/portal/usePortalDraft.ts)',
    personal: ['name', 'contact', 'identifier'],
    kept: 'this tab only, until it closes; removed when the payment is recorded',
    erasure: 'closing the tab',
  },
  {
    place: 'browser: sessionStorage `accessCodeFailures`, `groupCodeFailures`',
    holds: 'the count of wrong codes on the form (the 10th clears the field), never the codes',
    personal: [],
    kept: 'this tab only, until it closes',
    erasure: 'nothing: no personal data',
  },
  {
    place: 'PayPal (portal payments)',
    holds: 'the portal’s page sends PayPal the price, the product text with the portal number and the transaction number, never the invoice’s name or address; the buyer deals with PayPal in PayPal’s own window, under PayPal’s own privacy terms',
    personal: ['identifier'],
    kept: 'as PayPal keeps it',
    erasure: 'beyond the app’s reach',
  },
];

// Plain JavaScript: the registry (./start.mjs) and the app's counting (./calls.ts) share these (see labels.d.mts).
/**
 * Every value a label of the app's metrics can take. Each set is closed: a label never carries a
 * code, an id, an address or a path with its parameters, so that nothing personal reaches a
 * scrape and the number of series stays bounded (SECURITY.md). Counters start at 0 for each
 * combination, so that a rate is defined from the first scrape on.
 */

/** A page of the questionnaire saved on turning it, or a draft of the page the participant is on. */
export const PAGE_SAVE_KINDS = ['page', 'draft'];
/**
 * saved; conflict: another tab or device saved the page first (nothing written); invalid: the
 * answers were refused (a flagged question, a value out of range); refused: the participant's
 * token or assessment does not allow it (expired, finished); failed: no usable answer (the
 * upstream or the database failed).
 */
export const PAGE_SAVE_OUTCOMES = ['saved', 'conflict', 'invalid', 'refused', 'failed'];

/** ident_code: the assessor's code (deep link or form); access_code: their access code or personal key; group_code: a group's code (every group flow). */
export const LOGIN_FLOWS = ['ident_code', 'access_code', 'group_code'];
/** ok; wrong_code; locked: refused by a guessing limit; refused: a known code that cannot be used (expired, finished, another flow's); failed: no usable answer. */
export const LOGIN_OUTCOMES = ['ok', 'wrong_code', 'locked', 'refused', 'failed'];

/** What the embedded API mails (lib/embedded-api/mail/send.ts). */
export const MAIL_KINDS = ['accessCode', 'paymentConfirmation'];
/** sent: the SMTP server took it; outbox: no SMTP_URL, kept for `admin outbox`; unreachable; refused: the server said no; error: not even the outbox took it. */
export const MAIL_OUTCOMES = ['sent', 'outbox', 'unreachable', 'refused', 'error'];

/**
 * A buyer's report of a payment (submit/portal/sucessfullyPaid): confirmed by PayPal and recorded;
 * not_confirmed; provider_unavailable: PayPal could not be asked; refused: no such transaction,
 * payments off; failed: no usable answer.
 */
export const PAYMENT_OUTCOMES = ['confirmed', 'not_confirmed', 'provider_unavailable', 'refused', 'failed'];

/** A statement's first keyword, as the SQL layer sends it; a whole transaction is TRANSACTION; anything else OTHER. */
export const QUERY_OPERATIONS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'WITH', 'TRANSACTION', 'OTHER'];

/** The methods a request is counted under; any other is _OTHER, as OpenTelemetry names it. */
export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

import { isValidEmail } from './email';

/**
 * The portal's invoice form (spec §2 "Portal" page 1, §3 "Invoice", §5 "Portal: name, street, city
 * and e-mail non-empty; confirmation e-mail equals e-mail; data privacy and revocation right both
 * checked"). The page checks it before it submits and shows each field's problem beside the field;
 * the embedded API checks the same rules again on `submit/portal/invoiceinfo` and names the field
 * in its refusal.
 *
 * Decisions:
 * - "Non-empty" is after removing the white space around the value; the values are stored trimmed
 *   (normaliseInvoice).
 * - The e-mail must also be an address by the app's one e-mail pattern (lib/validation/email.ts,
 *   also used by the e-mail step, the requirements-analysis personal page and the embedded API's
 *   send-access-code call): the buyer's confirmation e-mail goes to it, and that pattern lets no
 *   second address or mail header through.
 * - The confirmation must equal the e-mail after trimming; letter case counts, as in the e-mail
 *   step: it is typed twice to catch a typo. A blank confirmation is 'required', not 'mismatch'.
 * - Each text may have at most MAX_INVOICE_TEXT_LENGTH characters, the contract's limit of short
 *   texts (lib/api/schemas/common.ts shortText), so the form says so before the call is refused.
 * - Name, street and city are one line each: control characters (line breaks, tabs, NUL) are
 *   'invalid'. A text input cannot produce them; a forged request must not bring them into the
 *   invoice or the confirmation e-mail.
 * - Private or company (invoiceIsPrivate) is a boolean with no rule: either answer is valid, and
 *   the name is the person's or the company's.
 * - Problems come as a list in the form's order (the first is the field to focus), one per field.
 */

/** The contract's limit of short texts (shortText in lib/api/schemas/common.ts). */
export const MAX_INVOICE_TEXT_LENGTH = 200;

export type InvoiceForm = {
  invoiceIsPrivate: boolean;
  invoiceName: string;
  invoiceStreet: string;
  invoiceCity: string;
  invoiceEmail: string;
  invoiceEmailConfirmation: string;
  isDataPrivacyChecked: boolean;
  isRevocationRightChecked: boolean;
};

/** The form as page 1 first shows it: a private buyer, nothing typed, neither box ticked. */
export const EMPTY_INVOICE: InvoiceForm = {
  invoiceIsPrivate: true,
  invoiceName: '',
  invoiceStreet: '',
  invoiceCity: '',
  invoiceEmail: '',
  invoiceEmailConfirmation: '',
  isDataPrivacyChecked: false,
  isRevocationRightChecked: false,
};

/** The fields a problem can be about, in the form's order. */
export const INVOICE_FIELDS = [
  'invoiceName',
  'invoiceStreet',
  'invoiceCity',
  'invoiceEmail',
  'invoiceEmailConfirmation',
  'isDataPrivacyChecked',
  'isRevocationRightChecked',
] as const;
export type InvoiceField = (typeof INVOICE_FIELDS)[number];

export type InvoiceProblemKind = 'required' | 'tooLong' | 'invalid' | 'mismatch' | 'unchecked';
export type InvoiceProblem = { field: InvoiceField; problem: InvoiceProblemKind };

/**
 * What spec §3's invoice body carries of the form: no confirmation and no revocation right (the
 * page checks those two). The server checks these fields with the same rules.
 */
export type InvoiceRequestFields = Pick<InvoiceForm, 'invoiceName' | 'invoiceStreet' | 'invoiceCity' | 'invoiceEmail' | 'isDataPrivacyChecked'>;

// C0 controls, DEL, C1 controls and the Unicode line and paragraph separators.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

function lineProblem(value: string): InvoiceProblemKind | undefined {
  const text = value.trim();
  if (text === '') return 'required';
  if (text.length > MAX_INVOICE_TEXT_LENGTH) return 'tooLong';
  if (CONTROL.test(text)) return 'invalid';
  return undefined;
}

function emailProblem(value: string): InvoiceProblemKind | undefined {
  const text = value.trim();
  if (text === '') return 'required';
  if (text.length > MAX_INVOICE_TEXT_LENGTH) return 'tooLong';
  if (!isValidEmail(text)) return 'invalid';
  return undefined;
}

function confirmationProblem(email: string, confirmation: string): InvoiceProblemKind | undefined {
  const text = confirmation.trim();
  if (text === '') return 'required';
  if (text !== email.trim()) return 'mismatch';
  return undefined;
}

function checkedProblem(checked: boolean): InvoiceProblemKind | undefined {
  return checked === true ? undefined : 'unchecked';
}

function collect(entries: [InvoiceField, InvoiceProblemKind | undefined][]): InvoiceProblem[] {
  return entries.flatMap(([field, problem]) => (problem ? [{ field, problem }] : []));
}

/** Every problem of the invoice form, in the form's order; an empty list when it may be submitted. */
export function invoiceProblems(form: InvoiceForm): InvoiceProblem[] {
  return collect([
    ['invoiceName', lineProblem(form.invoiceName)],
    ['invoiceStreet', lineProblem(form.invoiceStreet)],
    ['invoiceCity', lineProblem(form.invoiceCity)],
    ['invoiceEmail', emailProblem(form.invoiceEmail)],
    ['invoiceEmailConfirmation', confirmationProblem(form.invoiceEmail, form.invoiceEmailConfirmation)],
    ['isDataPrivacyChecked', checkedProblem(form.isDataPrivacyChecked)],
    ['isRevocationRightChecked', checkedProblem(form.isRevocationRightChecked)],
  ]);
}

/**
 * The problems the server can see in an invoice body (spec §3: no confirmation, no revocation
 * right), by the same rules; an empty list when it may be stored.
 */
export function invoiceRequestProblems(fields: InvoiceRequestFields): InvoiceProblem[] {
  return collect([
    ['invoiceName', lineProblem(fields.invoiceName)],
    ['invoiceStreet', lineProblem(fields.invoiceStreet)],
    ['invoiceCity', lineProblem(fields.invoiceCity)],
    ['invoiceEmail', emailProblem(fields.invoiceEmail)],
    ['isDataPrivacyChecked', checkedProblem(fields.isDataPrivacyChecked)],
  ]);
}

/** The problems by field, for a form that shows each beside its field. */
export function invoiceProblemsByField(problems: readonly InvoiceProblem[]): Partial<Record<InvoiceField, InvoiceProblemKind>> {
  return Object.fromEntries(problems.map(({ field, problem }) => [field, problem]));
}

/** The invoice's texts as sent and stored: without the white space around them. */
export function normaliseInvoice<F extends Pick<InvoiceForm, 'invoiceName' | 'invoiceStreet' | 'invoiceCity' | 'invoiceEmail'>>(form: F): F {
  return {
    ...form,
    invoiceName: form.invoiceName.trim(),
    invoiceStreet: form.invoiceStreet.trim(),
    invoiceCity: form.invoiceCity.trim(),
    invoiceEmail: form.invoiceEmail.trim(),
  };
}

/**
 * The rules of a group code's additional fields (spec §2 "Personal info", §3 "Additional field"):
 * their order on the page and what a value must be. The personal-info page checks them as the
 * participant types; the embedded API checks them again before it stores anything, so that a value
 * the page would not send (an edited request, a List value outside its choices) is refused.
 */

/** What the rules need of a field's definition (the group code's, or the page info's copy of it). */
export type FieldRule = {
  id: number;
  fieldType: 'Text' | 'List';
  allowedValues?: readonly string[] | null;
  required?: boolean | null;
};

/** A value as the browser sends it back (spec §7: additionalFieldsWithValues). */
export type FieldValue = { id: number; value: string };

/** The longest Text value, trimmed; the contract lets 500 characters through, so the rule is reachable. */
export const MAX_TEXT_LENGTH = 200;

export type FieldProblem = 'required' | 'notAllowed' | 'tooLong';
export type SubmittedFieldProblem = FieldProblem | 'unknown' | 'twice';

/**
 * The order of the fields on the page. The spec sorts by sortNumber and treats 0 specially without
 * saying how; here 0 means "no place given": such fields come after every numbered one, in the
 * order the group code defines them. Equal numbers keep the definition order as well.
 */
export function sortAdditionalFields<T extends { sortNumber: number }>(fields: readonly T[]): T[] {
  const place = (field: T) => (field.sortNumber > 0 ? field.sortNumber : Number.POSITIVE_INFINITY);
  return fields
    .map((field, index) => ({ field, index }))
    .sort((a, b) => place(a.field) - place(b.field) || a.index - b.index)
    .map(({ field }) => field);
}

/** The value as stored: a Text without the spaces around it; a List value exactly as chosen. */
export function normaliseFieldValue(field: Pick<FieldRule, 'fieldType'>, value: string): string {
  return field.fieldType === 'Text' ? value.trim() : value;
}

/** What is wrong with one value of a field, or undefined. An empty optional field is fine. */
export function fieldProblem(field: FieldRule, value: string): FieldProblem | undefined {
  const normalised = normaliseFieldValue(field, value);
  if (normalised === '') return field.required ? 'required' : undefined;
  if (field.fieldType === 'List') return (field.allowedValues ?? []).includes(normalised) ? undefined : 'notAllowed';
  return normalised.length > MAX_TEXT_LENGTH ? 'tooLong' : undefined;
}

/** The values a participant has typed or chosen, by field id, as the page keeps them. */
export type FieldValues = Record<number, string>;

/** The problems of the page's values, by field id, for the fields that have one. */
export function pageFieldProblems(fields: readonly FieldRule[], values: FieldValues): Map<number, FieldProblem> {
  const problems = new Map<number, FieldProblem>();
  for (const field of fields) {
    const problem = fieldProblem(field, values[field.id] ?? '');
    if (problem) problems.set(field.id, problem);
  }
  return problems;
}

export type SubmittedFieldsCheck =
  | { ok: true; values: Record<string, string> }
  | { ok: false; problems: { id: number; problem: SubmittedFieldProblem }[] };

/**
 * The server's check of a submitted set of values against the group code's definitions: every id
 * must be one of its fields and come once, and every field (sent or not; one not sent counts as
 * empty) must pass fieldProblem. Either all values are fine, and come back normalised by id for
 * storing, or none is stored and every problem is named.
 */
export function checkSubmittedFields(definitions: readonly FieldRule[], submitted: readonly FieldValue[]): SubmittedFieldsCheck {
  const problems: { id: number; problem: SubmittedFieldProblem }[] = [];
  const byId = new Map(definitions.map((field) => [field.id, field]));
  const sent = new Map<number, string>();
  for (const { id, value } of submitted) {
    if (!byId.has(id)) problems.push({ id, problem: 'unknown' });
    else if (sent.has(id)) problems.push({ id, problem: 'twice' });
    else sent.set(id, value);
  }
  const values: Record<string, string> = {};
  for (const field of definitions) {
    const value = sent.get(field.id) ?? '';
    const problem = fieldProblem(field, value);
    if (problem) problems.push({ id: field.id, problem });
    else values[String(field.id)] = normaliseFieldValue(field, value);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, values };
}

import { isValidEmail } from './email';

/**
 * The name and e-mail of the requirements-analysis personal-info page (/grouploginpersonal; spec
 * §2 "Personal info", §5 "Other-flow e-mail"). The page checks them as the participant types; the
 * embedded API checks them again before it stores anything.
 *
 * - The e-mail is valid when blank or an address by the e-mail step's pattern (lib/validation/email.ts):
 *   the participant may leave it out, and then gets no mail.
 * - The name is not required (the spec gives it no rule, and a group may answer anonymously); it
 *   is stored trimmed and may have at most MAX_NAME_LENGTH characters, the limit of the
 *   contract's short texts.
 */

export const MAX_NAME_LENGTH = 200;

export type NameEmailProblems = { name?: 'tooLong'; email?: 'invalid' };

/** The values as stored: without the white space around them. */
export function normaliseNameEmail(name: string, email: string): { name: string; email: string } {
  return { name: name.trim(), email: email.trim() };
}

/** What is wrong with the name and the e-mail, per field (an empty object when nothing is). */
export function nameEmailProblems(name: string, email: string): NameEmailProblems {
  const values = normaliseNameEmail(name, email);
  const problems: NameEmailProblems = {};
  if (values.name.length > MAX_NAME_LENGTH) problems.name = 'tooLong';
  if (values.email !== '' && !isValidEmail(values.email)) problems.email = 'invalid';
  return problems;
}

export function hasNameEmailProblems(problems: NameEmailProblems): boolean {
  return problems.name !== undefined || problems.email !== undefined;
}

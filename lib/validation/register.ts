export type RegisterForm = { firstName: string; lastName: string; emailAddress: string };

/** Standard e-mail shape: local part, @, a domain with a dot and a 2+ letter top level, or an IP literal. */
export const EMAIL_PATTERN = /^[^\s@]+@(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}|\[(?:\d{1,3}\.){3}\d{1,3}\])$/;

/** An e-mail is optional on /register: blank, or of the standard shape. */
export function isOptionalEmailValid(email: string): boolean {
  const trimmed = email.trim();
  return trimmed === '' || EMAIL_PATTERN.test(trimmed);
}

/** Register data (spec §5): the last name is required (non-empty after trim); the e-mail, if given, must look like one. */
export function isRegisterDataValid(form: RegisterForm): boolean {
  return form.lastName.trim() !== '' && isOptionalEmailValid(form.emailAddress);
}

export type RegisterForm = { firstName: string; lastName: string; emailAddress: string };

/** Standard e-mail shape: local part, @, a domain with a dot and a 2+ letter top level, or an IP literal. */
export const EMAIL_PATTERN = /^[^\s@]+@(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}|\[(?:\d{1,3}\.){3}\d{1,3}\])$/;

/** Register data (spec §5): the last name is required (non-empty after trim); the e-mail, if given, must look like one. */
export function isRegisterDataValid(form: RegisterForm): boolean {
  if (form.lastName.trim() === '') return false;
  const email = form.emailAddress.trim();
  return email === '' || EMAIL_PATTERN.test(email);
}

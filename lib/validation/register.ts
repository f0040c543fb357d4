import { isValidEmail } from './email';

export type RegisterForm = { firstName: string; lastName: string; emailAddress: string };

/** An e-mail is optional on /register: blank, or an address by the app's one rule (./email.ts). */
export function isOptionalEmailValid(email: string): boolean {
  return email.trim() === '' || isValidEmail(email);
}

/** Register data (spec §5): the last name is required (non-empty after trim); the e-mail, if given, must look like one. */
export function isRegisterDataValid(form: RegisterForm): boolean {
  return form.lastName.trim() !== '' && isOptionalEmailValid(form.emailAddress);
}

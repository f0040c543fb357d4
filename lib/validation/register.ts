import { isValidEmail } from './email';

export type RegisterForm = { firstName: string; lastName: string; emailAddress: string };

/**
 * Whether /register asks for the assessor's personal info, or only shows what is on record: an
 * assessor registered before has it pre-filled (spec §2), so nothing must be entered again.
 */
export function mustEnterPersonalInfo(isRegistered: boolean): boolean {
  return !isRegistered;
}

/** An e-mail is optional on /register: blank, or an address by the app's one rule (./email.ts). */
export function isOptionalEmailValid(email: string): boolean {
  return email.trim() === '' || isValidEmail(email);
}

/** Whether the last name must be given: only when personal info must be entered (spec §5). */
export function isLastNameMissing(form: RegisterForm, personalInfoRequired: boolean): boolean {
  return personalInfoRequired && form.lastName.trim() === '';
}

/**
 * Register data (spec §5): the last name is required (non-empty after trim) when personal info must
 * be entered; the e-mail, if given, must look like one.
 */
export function isRegisterDataValid(form: RegisterForm, personalInfoRequired: boolean): boolean {
  return !isLastNameMissing(form, personalInfoRequired) && isOptionalEmailValid(form.emailAddress);
}

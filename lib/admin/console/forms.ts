import { languageFromToken, type Language } from '@/lib/api/languages';
import { parseValidUntil } from '../assessmentOptions';
import type { Candidate } from '../assessments';

/**
 * What the console's forms share: reading a field of a FormData (never more than a field can be),
 * and the options the command line takes as flags, read from form fields by the same parsers.
 */
export function field(form: FormData, name: string, max = 1000): string {
  const value = form instanceof FormData ? form.get(name) : null;
  return typeof value === 'string' ? value.slice(0, max) : '';
}

export function checked(form: FormData, name: string): boolean {
  return field(form, name) !== '';
}

/** The participants' languages as a form offers them (lib/api/languages.ts), each named in itself. */
export const PARTICIPANT_LANGUAGE_NAMES: Record<Language, string> = { 'de-DE': 'Deutsch', 'en-US': 'English', 'fr-FR': 'Français', 'it-IT': 'Italiano', 'cz-CZ': 'Čeština' };

/** A language field: empty is none chosen, anything else must be one of the participants' languages. */
export function formLanguage(text: string): Language | undefined {
  return text === '' ? undefined : languageFromToken(text);
}

/** A date field (YYYY-MM-DD, as <input type="date"> sends it): the end of that day in UTC, as --valid-until reads it; null when it is not one in the future. */
export function formValidUntil(text: string, now: Date): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text.trim())) return null;
  try {
    return parseValidUntil(text, now);
  } catch {
    return null;
  }
}

export const MAX_NAME_LENGTH = 100;

/** The candidate's four fields; undefined when all are empty, null when one is too long. */
export function formCandidate(form: FormData): Candidate | undefined | null {
  const [title, firstName, lastName, pseudonym] = ['title', 'firstName', 'lastName', 'pseudonym'].map((name) => field(form, name, MAX_NAME_LENGTH + 1).trim()) as [string, string, string, string];
  if ([title, firstName, lastName, pseudonym].some((part) => part.length > MAX_NAME_LENGTH)) return null;
  if (title === '' && firstName === '' && lastName === '' && pseudonym === '') return undefined;
  return { title, firstName, lastName, ...(pseudonym !== '' && { pseudonym }) };
}

/** What the operator typed, to give back after a refusal (these forms hold no secret). */
export function typedValues(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, field(form, name)]));
}

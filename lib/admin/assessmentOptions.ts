import { languageFromToken, type Language } from '@/lib/api/languages';
import type { Candidate } from './assessments';
import { UsageError } from './command';

/**
 * `--candidate "<title>;<first name>;<last name>[;<pseudonym>]"`: fields separated by ';', trimmed;
 * any may be empty (";Clara;Kandidatin" has no title), but not all.
 */
export function parseCandidate(text: string): Candidate {
  const fields = text.split(';').map((field) => field.trim());
  if (fields.length < 3 || fields.length > 4) {
    throw new UsageError(`--candidate must be "<title>;<first name>;<last name>" (a fourth field: pseudonym), not '${text}'`);
  }
  if (fields.every((field) => field === '')) throw new UsageError('--candidate names nobody: give at least a first or last name');
  const [title, firstName, lastName, pseudonym] = fields as [string, string, string, string | undefined];
  return { title, firstName, lastName, ...(pseudonym !== undefined && { pseudonym }) };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * `--valid-until`: a date (2025-03-31) means the end of that day in UTC, 23:59:59.999Z (in Central
 * Europe that is 00:59 or 01:59 the next morning: never earlier than the day's end there); a
 * date-time must say its offset (2025-03-31T18:00+02:00, or Z for UTC). It must lie in the future.
 */
export function parseValidUntil(text: string, now: Date = new Date()): Date {
  const trimmed = text.trim();
  let moment: Date | undefined;
  const date = DATE.exec(trimmed);
  if (date) {
    const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
    moment = new Date(Date.UTC(year, month - 1, day, 23, 59, 59, 999));
    if (moment.getUTCMonth() !== month - 1 || moment.getUTCDate() !== day) moment = undefined;
  } else if (DATE_TIME.test(trimmed)) {
    moment = new Date(trimmed);
    if (Number.isNaN(moment.getTime())) moment = undefined;
  } else if (/^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(trimmed)) {
    throw new UsageError(`--valid-until '${text}' has no time zone: add Z for UTC or an offset such as +01:00`);
  }
  if (!moment) {
    throw new UsageError(`--valid-until must be a date (2025-03-31: the end of that day in UTC) or a date-time with offset (2025-03-31T18:00+02:00), not '${text}'`);
  }
  if (moment.getTime() <= now.getTime()) throw new UsageError(`--valid-until ${moment.toISOString()} has passed already`);
  return moment;
}

/** `--language`: de, en, fr, it, cz (also cs) or de-DE, en-US, fr-FR, it-IT, cz-CZ; any case. */
export function parseLanguage(text: string): Language {
  const language = languageFromToken(text);
  if (!language) throw new UsageError(`--language must be one of de, en, fr, it, cz (or de-DE, en-US, fr-FR, it-IT, cz-CZ), not '${text}'`);
  return language;
}

/** `--base-url`: where participants open the app, instead of PUBLIC_URL. */
export function parseBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--base-url must be an http or https address, not '${text}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--base-url must be an http or https address, not '${text}'`);
  if (url.search || url.hash) throw new UsageError(`--base-url must have no query or fragment: '${text}'`);
  return url.href;
}

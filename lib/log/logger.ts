import crypto from 'node:crypto';
import { currentTracing } from '@/lib/tracing/current';
import { redactReason } from './redactReason';

type Level = 'info' | 'warn' | 'error';

/** Field names whose values are secrets: tokens, codes, keys. Status and detail codes are not. */
const SECRET_FIELD = /token|password|secret|cookie|authorization|groupcode|accesscode|identcode|passwordhash|^key$|^iv$|answers/i;
/** Field names that carry an error's message, which may quote the values a statement carried (redactReason.ts). */
const REASON_FIELD = /^(?:reason|message)$/i;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_FIELD.test(key) ? '[redacted]' : REASON_FIELD.test(key) && typeof inner === 'string' ? redactReason(inner) : redact(inner, depth + 1),
    ]),
  );
}

/**
 * One JSON line per event, on stdout (info) or stderr (warn, error); secrets are masked by name,
 * and the values quoted in a reason or message are left out, whoever logs it. With tracing on, a
 * line written during a traced request names its trace and span (trace_id, span_id), so that the
 * line and the request's spans find each other.
 */
export function logEvent(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...(redact(fields) as object), ...currentTracing()?.ids() });
  if (level === 'info') process.stdout.write(line + '\n');
  else process.stderr.write(line + '\n');
}

/** Short, unambiguous id that a participant can read out to support (shown as Detail-Code). */
export function newExceptionId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.randomBytes(10);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

import os from 'node:os';
import { UsageError, type Io } from './command';
import type { PersonQuery } from '@/lib/embedded-api/privacy/people';

/** The options that name a person, shared by `privacy erase` and `privacy export`. */
export const PERSON_OPTIONS = {
  assessment: { type: 'string' },
  'group-participant': { type: 'string' },
  email: { type: 'string' },
} as const;

export const PERSON_HELP = `  --assessment <ident code>        the assessment of this ident code: its candidate, and its
                                   assessor unless they have other assessments
  --group-participant <access code>  a group participant: their details, fields and every questionnaire
  --email <address>                every assessor registered with this address, and mails sent to it`;

/** Exactly one of the three options: the person a command is about. */
export function personQuery(values: { assessment?: string; 'group-participant'?: string; email?: string }): PersonQuery {
  const given = [values.assessment !== undefined, values['group-participant'] !== undefined, values.email !== undefined].filter(Boolean).length;
  if (given !== 1) throw new UsageError('name the person with exactly one of --assessment, --group-participant or --email');
  const nonEmpty = (value: string, option: string) => {
    if (value.trim() === '') throw new UsageError(`${option} needs a value`);
    return value;
  };
  if (values.assessment !== undefined) return { assessment: nonEmpty(values.assessment, '--assessment') };
  if (values['group-participant'] !== undefined) return { groupParticipant: nonEmpty(values['group-participant'], '--group-participant') };
  return { email: nonEmpty(values.email!, '--email') };
}

/** Who ran a command, for the privacy audit: the operating-system user. */
export function operatorName(io: Io): string {
  try {
    return os.userInfo().username;
  } catch {
    return io.env.USER ?? io.env.LOGNAME ?? 'unknown';
  }
}

/** A table of counts as the operator reads it: 'assessor 1, answer 24'. */
export function describeCounts(counts: Record<string, number>): string {
  const parts = Object.entries(counts).map(([table, n]) => `${table} ${n}`);
  return parts.length ? parts.join(', ') : 'nothing';
}

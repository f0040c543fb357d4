import type { CreateAssessmentsOptions } from '../assessments';
import { checked, field, formCandidate, formLanguage, formValidUntil, typedValues } from './forms';

/**
 * The console's form for `assessment create`: the same options, from fields instead of flags, and
 * at most CONSOLE_MAX_COUNT at a time (the command line takes more: a thousand codes are already
 * more than a page should hold, and hashing them takes the request a while).
 */
export const CONSOLE_MAX_COUNT = 1000;

export const ASSESSMENT_CREATE_FIELDS = ['questionnaire', 'count', 'title', 'firstName', 'lastName', 'pseudonym', 'language', 'validUntil'] as const;

export type AssessmentCreateProblem = 'questionnaire' | 'count' | 'candidate' | 'language' | 'validUntil';

export type AssessmentCreateForm =
  | { ok: true; options: Omit<CreateAssessmentsOptions, 'publicUrl'> & { count: number }; excel: boolean }
  | { ok: false; problem: AssessmentCreateProblem; field: string; values: Record<string, string> };

export function readAssessmentCreateForm(form: FormData, imported: readonly string[], now: Date = new Date()): AssessmentCreateForm {
  const refuse = (problem: AssessmentCreateProblem, name: string): AssessmentCreateForm => ({ ok: false, problem, field: name, values: typedValues(form, ASSESSMENT_CREATE_FIELDS) });
  const questionnaireKey = field(form, 'questionnaire');
  if (!imported.includes(questionnaireKey)) return refuse('questionnaire', 'questionnaire');
  const countText = field(form, 'count').trim();
  const count = /^\d{1,4}$/.test(countText) ? Number(countText) : NaN;
  if (!(count >= 1 && count <= CONSOLE_MAX_COUNT)) return refuse('count', 'count');
  const candidate = formCandidate(form);
  if (candidate === null) return refuse('candidate', 'firstName');
  const languageText = field(form, 'language');
  const language = formLanguage(languageText);
  if (languageText !== '' && !language) return refuse('language', 'language');
  const validUntilText = field(form, 'validUntil').trim();
  const validUntil = validUntilText === '' ? undefined : formValidUntil(validUntilText, now);
  if (validUntil === null) return refuse('validUntil', 'validUntil');
  return {
    ok: true,
    options: {
      questionnaireKey,
      count,
      ...(candidate && { candidate }),
      self: checked(form, 'self'),
      ...(validUntil && { validUntil }),
      ...(language && { language }),
    },
    excel: checked(form, 'excel'),
  };
}

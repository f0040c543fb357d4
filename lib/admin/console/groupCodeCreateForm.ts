import type { GroupQuestionnaire } from '@/lib/content/groupCode';
import type { GroupVariant } from '@/lib/flows/groupVariants';
import { fitsVariant, parseGroupCode, parseQuestionnaireList, parseVariant, type CreateGroupCodeOptions } from '../groupCodes';
import { field, formLanguage, formValidUntil, typedValues } from './forms';

/**
 * The console's form for `groupcode create`: the same options from fields, read by the same
 * parsers, except the additional fields' file (a JSON file is the command line's to read; the page
 * says so).
 */
export const GROUP_CODE_CREATE_FIELDS = ['variant', 'questionnaires', 'code', 'validUntil', 'language'] as const;

export type GroupCodeCreateProblem = 'variant' | 'questionnaires' | 'noSelection' | 'code' | 'validUntil' | 'language';

export type GroupCodeCreateForm =
  | { ok: true; options: Omit<CreateGroupCodeOptions, 'publicUrl'> }
  | { ok: false; problem: GroupCodeCreateProblem; field: string; values: Record<string, string>; variant?: GroupVariant };

function attempt<T>(parse: () => T): T | undefined {
  try {
    return parse();
  } catch {
    return undefined;
  }
}

export function readGroupCodeCreateForm(form: FormData, now: Date = new Date()): GroupCodeCreateForm {
  const refuse = (problem: GroupCodeCreateProblem, name: string, variant?: GroupVariant): GroupCodeCreateForm =>
    ({ ok: false, problem, field: name, values: typedValues(form, GROUP_CODE_CREATE_FIELDS), ...(variant && { variant }) });
  const variant = attempt(() => parseVariant(field(form, 'variant')));
  if (!variant) return refuse('variant', 'variant');
  const questionnaires: GroupQuestionnaire[] | undefined = attempt(() => parseQuestionnaireList(field(form, 'questionnaires')));
  if (!questionnaires) return refuse('questionnaires', 'questionnaires');
  if (!fitsVariant(variant, questionnaires)) return refuse('noSelection', 'questionnaires', variant);
  const codeText = field(form, 'code').trim();
  const code = codeText === '' ? undefined : attempt(() => parseGroupCode(codeText));
  if (codeText !== '' && !code) return refuse('code', 'code');
  const validUntilText = field(form, 'validUntil').trim();
  const validUntil = validUntilText === '' ? undefined : formValidUntil(validUntilText, now);
  if (validUntil === null) return refuse('validUntil', 'validUntil');
  const languageText = field(form, 'language');
  const language = formLanguage(languageText);
  if (languageText !== '' && !language) return refuse('language', 'language');
  return {
    ok: true,
    options: {
      variant,
      questionnaires,
      ...(code && { code }),
      ...(validUntil && { validUntil }),
      ...(language && { language }),
    },
  };
}

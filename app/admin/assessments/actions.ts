'use server';

import { revalidatePath } from 'next/cache';
import { createAssessments, createdAssessmentsCsv, UnknownQuestionnaireError } from '@/lib/admin/assessments';
import { importedQuestionnaireKeys } from '@/lib/admin/assessmentSearch';
import { CSV, EXCEL_CSV } from '@/lib/admin/csv';
import { ASSESSMENT_CREATE_FIELDS, CONSOLE_MAX_COUNT, readAssessmentCreateForm } from '@/lib/admin/console/assessmentCreateForm';
import { MAX_NAME_LENGTH, typedValues } from '@/lib/admin/console/forms';
import { actionSession } from '@/lib/admin/console/request';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { recordOperatorAudit } from '@/lib/admin/operators/audit';
import { CONSOLE_ACTIONS } from '@/lib/admin/operators/roles';
import type { OnceFormState } from '@/components/console/OnceForm';

/**
 * Creates assessments as `assessment create` does and answers their codes' CSV as the form's state,
 * once (components/console/OnceForm.tsx says why there and only there). The audit row names the
 * questionnaire and how many; never a code.
 */
export async function createAssessmentsAction(_previous: OnceFormState, formData: FormData): Promise<OnceFormState> {
  const allowed = await actionSession('assessmentCreate', formData);
  if (!allowed.ok) return allowed.state;
  const { db, config, language } = allowed.request;
  const t = consoleTranslator(language, 'assessments');
  const read = readAssessmentCreateForm(formData, await importedQuestionnaireKeys(db));
  if (!read.ok) return { error: t(`problem.${read.problem}`, { max: read.problem === 'candidate' ? MAX_NAME_LENGTH : CONSOLE_MAX_COUNT }), field: read.field, values: read.values };
  let created;
  try {
    created = await createAssessments(db, { ...read.options, publicUrl: config.PUBLIC_URL });
  } catch (error) {
    // Removed between reading the choice and creating: nothing was created.
    if (error instanceof UnknownQuestionnaireError) return { error: t('problem.questionnaire'), field: 'questionnaire', values: typedValues(formData, ASSESSMENT_CREATE_FIELDS) };
    throw error;
  }
  await recordOperatorAudit(db, {
    operator: allowed.session.email,
    action: CONSOLE_ACTIONS.assessmentCreate.name,
    subject: read.options.questionnaireKey,
    details: { count: created.length },
  });
  revalidatePath('/admin/assessments');
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return {
    once: {
      text: createdAssessmentsCsv(created, read.excel ? EXCEL_CSV : CSV),
      filename: `assessments-${read.options.questionnaireKey}-${stamp}.csv`,
      contentType: 'text/csv',
      summary: t('createdSummary', { count: created.length, questionnaire: read.options.questionnaireKey }),
      once: t('once'),
      downloadLabel: t('download'),
      textLabel: t('csvLabel'),
    },
  };
}

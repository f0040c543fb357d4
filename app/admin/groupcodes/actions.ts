'use server';

import { redirect } from 'next/navigation';
import { UnknownQuestionnaireError } from '@/lib/admin/assessments';
import { GROUP_CODE_CREATE_FIELDS, readGroupCodeCreateForm } from '@/lib/admin/console/groupCodeCreateForm';
import { field, typedValues } from '@/lib/admin/console/forms';
import { actionSession, type ConsoleFormState } from '@/lib/admin/console/request';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { closeGroupCode, createGroupCode, GroupCodeTakenError, ProductMismatchError, UnknownGroupCodeError } from '@/lib/admin/groupCodes';
import { recordOperatorAudit } from '@/lib/admin/operators/audit';
import { CONSOLE_ACTIONS } from '@/lib/admin/operators/roles';
import { GROUP_CODE_MAX_LENGTH, GROUP_CODE_MIN_LENGTH } from '@/lib/validation/groupCode';

/** Creates a group code as `groupcode create` does (without a fields file), then shows it on its own page. */
export async function createGroupCodeAction(_previous: ConsoleFormState, formData: FormData): Promise<ConsoleFormState> {
  const allowed = await actionSession('groupCodeCreate', formData);
  if (!allowed.ok) return allowed.state;
  const { db, config, language } = allowed.request;
  const t = consoleTranslator(language, 'groupcodes');
  const read = readGroupCodeCreateForm(formData);
  if (!read.ok) {
    const values = { min: GROUP_CODE_MIN_LENGTH, max: GROUP_CODE_MAX_LENGTH, variant: read.variant ?? '' };
    return { error: t(`problem.${read.problem}`, values), field: read.field, values: read.values };
  }
  const refuse = (error: string, name: string) => ({ error, field: name, values: typedValues(formData, GROUP_CODE_CREATE_FIELDS) });
  let created;
  try {
    created = await createGroupCode(db, { ...read.options, publicUrl: config.PUBLIC_URL });
  } catch (error) {
    if (error instanceof UnknownQuestionnaireError) return refuse(t('problem.unknownQuestionnaire', { key: error.key }), 'questionnaires');
    if (error instanceof ProductMismatchError) return refuse(t('problem.productMismatch'), 'questionnaires');
    if (error instanceof GroupCodeTakenError) return refuse(t('problem.taken', { code: read.options.code ?? '' }), 'code');
    throw error;
  }
  await recordOperatorAudit(db, {
    operator: allowed.session.email,
    action: CONSOLE_ACTIONS.groupCodeCreate.name,
    subject: created.code,
    details: { variant: read.options.variant, questionnaires: read.options.questionnaires.map((q) => q.key).join(',') },
  });
  redirect(`/admin/groupcodes/${encodeURIComponent(created.code)}?created=1`);
}

/**
 * Closes a group code as `groupcode close` does. The form asks for a confirmation that works before
 * scripts load: a checkbox the browser requires, and the action refuses without it too.
 */
export async function closeGroupCodeAction(_previous: ConsoleFormState, formData: FormData): Promise<ConsoleFormState> {
  const allowed = await actionSession('groupCodeClose', formData);
  if (!allowed.ok) return allowed.state;
  const { db, language } = allowed.request;
  const t = consoleTranslator(language, 'groupcodes');
  if (field(formData, 'confirm') === '') return { error: t('confirmMissing'), field: 'confirm' };
  let closed;
  try {
    closed = await closeGroupCode(db, field(formData, 'code', 100));
  } catch (error) {
    if (error instanceof UnknownGroupCodeError) return { error: t('notFound') };
    throw error;
  }
  if (!closed.already) {
    await recordOperatorAudit(db, { operator: allowed.session.email, action: CONSOLE_ACTIONS.groupCodeClose.name, subject: closed.code });
  }
  redirect(`/admin/groupcodes/${encodeURIComponent(closed.code)}?${closed.already ? 'already=1' : 'closed=1'}`);
}

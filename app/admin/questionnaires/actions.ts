'use server';

import { refresh } from 'next/cache';
import { actionSession, type ConsoleFormState } from '@/lib/admin/console/request';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { recordOperatorAudit } from '@/lib/admin/operators/audit';
import { CONSOLE_ACTIONS } from '@/lib/admin/operators/roles';
import { importUploadedQuestionnaire, UPLOAD_MAX_BYTES } from '@/lib/admin/questionnaires';

/** Imports one uploaded questionnaire file with the command line's checks and version rule. */
export async function importQuestionnaireFile(_previous: ConsoleFormState, formData: FormData): Promise<ConsoleFormState> {
  const allowed = await actionSession('questionnaireImport', formData);
  if (!allowed.ok) return allowed.state;
  const { db, language } = allowed.request;
  const t = consoleTranslator(language, 'questionnaires');
  const file = formData.get('file');
  if (!(file instanceof File) || file.size === 0) return { error: t('noFile'), field: 'file' };
  const size = `${new Intl.NumberFormat(language).format(UPLOAD_MAX_BYTES / 1024)} KB`;
  if (file.size > UPLOAD_MAX_BYTES) return { error: t('tooLarge', { size }), field: 'file' };
  // The browser's name for the file, only to say which one was refused.
  const name = file.name.slice(0, 200) || 'questionnaire.json';
  const result = await importUploadedQuestionnaire(db, name, new Uint8Array(await file.arrayBuffer()));
  if (result.status === 'refused') return { error: t('refused', { file: name }), problems: result.problems };
  if (result.status === 'unchanged') return { notice: t('unchanged', { key: result.key, version: result.version }) };
  await recordOperatorAudit(db, {
    operator: allowed.session.email,
    action: CONSOLE_ACTIONS.questionnaireImport.name,
    subject: result.key,
    details: { version: result.version, moved: result.moved },
  });
  // The list below the form shows the new version at once.
  refresh();
  const done = t(result.status === 'created' ? 'created' : 'newVersion', { key: result.key, version: result.version });
  return { notice: result.moved > 0 ? `${done} ${t('moved', { count: result.moved })}` : done };
}

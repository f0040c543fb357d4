'use server';

import { describeQuery } from '@/lib/embedded-api/privacy/people';
import { actionSession, type ConsoleFormState } from '@/lib/admin/console/request';
import { field } from '@/lib/admin/console/forms';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { recordOperatorAudit } from '@/lib/admin/operators/audit';
import { CONSOLE_ACTIONS } from '@/lib/admin/operators/roles';
import { erasePersonAudited, exportPersonAudited, personQueryOf, previewErasure } from '@/lib/admin/privacy';
import type { OnceFormState } from '@/components/console/OnceForm';

/** The erasure's answer: a ConsoleFormState, and after the first step what would be erased. */
export type EraseState =
  | (NonNullable<ConsoleFormState> & {
      preview?: { counts: Array<[string, number]>; shared: boolean };
    })
  | null;


/**
 * Erasing a person, in two steps as on the command line: without the confirmation it only shows
 * what would be erased (counted in a transaction that rolls back); with it, it erases. The privacy
 * audit records the erasure by the operator's address; the operator audit names the kind of
 * subject only, never the code or address that found the person.
 */
export async function erasePersonStep(_previous: EraseState, formData: FormData): Promise<EraseState> {
  const allowed = await actionSession('privacyErase', formData);
  if (!allowed.ok) return allowed.state;
  const { db, language } = allowed.request;
  const t = consoleTranslator(language, 'privacy');
  const kind = field(formData, 'kind');
  const code = field(formData, 'code');
  const keep = field(formData, 'keep') === 'yes';
  const values = { kind, code, ...(keep && { keep: 'yes' }) };
  const query = personQueryOf(kind, code);
  if (!query) return { error: t('missing'), field: 'code', values };
  const preview = await previewErasure(db, query, keep);
  if (!preview) return { error: t('notFound'), field: 'code', values };
  if (field(formData, 'step') !== 'erase') {
    return { values, preview: { counts: Object.entries(preview.counts), shared: preview.shared } };
  }
  if (field(formData, 'confirm') !== 'yes') {
    return { error: t('confirmMissing'), values, preview: { counts: Object.entries(preview.counts), shared: preview.shared } };
  }
  const erased = await erasePersonAudited(db, preview.person, { query, keepAnswersAnonymous: keep, by: allowed.session.email });
  const records = Object.values(erased).reduce((sum, n) => sum + n, 0);
  await recordOperatorAudit(db, {
    operator: allowed.session.email,
    action: CONSOLE_ACTIONS.privacyErase.name,
    subject: describeQuery(query),
    details: { records, keepAnswersAnonymous: keep },
  });
  const counts = Object.entries(erased).map(([table, n]) => `${table} ${n}`).join(', ') || t('previewNone');
  return { notice: t('erased', { counts }) };
}

/**
 * A person's data as JSON, as `privacy export` writes it, handed out once as the form's answer
 * (components/console/OnceForm.tsx): what finds the person, a code or an address, travels in the
 * form's body, never in an address. The privacy audit records the export by the operator's address;
 * nobody found records nothing.
 */
export async function exportPersonStep(_previous: OnceFormState, formData: FormData): Promise<OnceFormState> {
  const allowed = await actionSession('privacyExport', formData);
  if (!allowed.ok) return allowed.state;
  const { db, language } = allowed.request;
  const t = consoleTranslator(language, 'privacy');
  const kind = field(formData, 'kind');
  const code = field(formData, 'code');
  const values = { kind, code };
  const query = personQueryOf(kind, code);
  if (!query) return { error: t('missing'), field: 'code', values };
  let json = '';
  const exported = await exportPersonAudited(db, query, allowed.session.email, { write: (chunk) => void (json += chunk) });
  if (!exported) return { error: t('exportNotFound'), field: 'code', values };
  return {
    values,
    once: { text: json, filename: 'person-export.json', contentType: 'application/json', summary: t('exported'), downloadLabel: t('exportDownload') },
  };
}

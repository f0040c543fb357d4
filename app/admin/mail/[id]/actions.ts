'use server';

import { refresh } from 'next/cache';
import { actionSession, type ConsoleFormState } from '@/lib/admin/console/request';
import { field } from '@/lib/admin/console/forms';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { resendAccessCodeMail } from '@/lib/admin/mailResend';
import { recordOperatorAudit } from '@/lib/admin/operators/audit';
import { CONSOLE_ACTIONS } from '@/lib/admin/operators/roles';
import { embeddedSettings } from '@/lib/embedded-api';

/** Sends an access-code mail of the outbox again, to its own address, within the mail limits. */
export async function resendMail(_previous: ConsoleFormState, formData: FormData): Promise<ConsoleFormState> {
  const allowed = await actionSession('mailResend', formData);
  if (!allowed.ok) return allowed.state;
  const { db, config, language, clientAddress } = allowed.request;
  const t = consoleTranslator(language, 'mail');
  const mail = field(formData, 'mail', 20);
  const id = /^[1-9]\d{0,15}$/.test(mail) ? Number(mail) : NaN;
  if (!Number.isSafeInteger(id)) return { error: t('refused.unknown') };
  const settings = embeddedSettings(config).mail;
  const result = await resendAccessCodeMail(db, settings, id, clientAddress);
  if ('refused' in result) return { error: t(`refused.${result.refused}`) };
  if ('limited' in result) {
    const count = { participant: settings.maxPerParticipantPerHour, recipient: settings.maxPerRecipientPerHour, client: settings.maxPerClientPerHour }[result.limited];
    return { error: t(`limited.${result.limited}`, { count }) };
  }
  if ('failed' in result) return { error: t(`failed.${result.failed}`) };
  // The mail's number only: its text holds the access code, its recipient is in the mail itself.
  await recordOperatorAudit(db, { operator: allowed.session.email, action: CONSOLE_ACTIONS.mailResend.name, subject: `mail ${id}`, details: { via: result.sent } });
  refresh();
  return { notice: t(result.sent === 'smtp' ? 'resent' : 'resentOutbox', { recipient: result.recipient }) };
}

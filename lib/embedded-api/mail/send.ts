import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Language } from '@/lib/api/languages';
import { logEvent } from '@/lib/log/logger';
import { currentMetrics } from '@/lib/metrics/current';
import type { MailSettings } from '../context';
import type { Sql } from '../db/database';
import { putIntoOutbox } from './outbox';

/**
 * The one way the embedded API sends mail, whatever the flow (the access code of a group
 * participant; the payment confirmation of the portal): through the SMTP server of SMTP_URL, or,
 * without one, into the outbox table that operators read with `npm run admin -- outbox`.
 * Mails are plain text: a link in it is a link in every mail program, and there is no HTML to
 * escape. Nothing of a mail is logged (its body holds codes, its recipient is personal data).
 */

/** What the flows know mails by, in the outbox and in the log. */
export type MailKind = 'accessCode' | 'paymentConfirmation';

export type OutgoingMail = { kind: MailKind; language: Language; to: string; subject: string; text: string };

/**
 * 'unreachable': no SMTP conversation came about (refused, timed out, unknown host);
 * 'refused': the server answered, but did not take the mail (a 4xx or 5xx reply, a failed login).
 */
export type MailFailure = 'unreachable' | 'refused';
/** permanent: the server refused this mail for good (a 5xx reply); sending it again would be refused again. */
export type MailResult = { sent: 'smtp' | 'outbox' } | { failed: MailFailure; permanent: boolean };

/** Errors of nodemailer that mean the server was never talked to. */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND']);

/** A server reply (responseCode) means it was reachable and said no; otherwise the error's code decides. */
export function classifyMailError(error: unknown): MailFailure {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode === 'number') return 'refused';
  return typeof code === 'string' && UNREACHABLE.has(code) ? 'unreachable' : 'refused';
}

/**
 * A 5xx reply refuses this mail for good (an unknown recipient, a message refused); a 4xx reply says
 * "try later", and no reply at all says nothing about the mail. A refused login (EAUTH, 535) is the
 * configuration's fault, not the mail's: the operator corrects it, and the mail can still go.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode <= 599 && code !== 'EAUTH';
}

/**
 * SMTP_URL as nodemailer's options, the way nodemailer itself reads such a URL (secure for
 * smtps:, user and password, query parameters such as `?requireTLS=true` or
 * `?tls.rejectUnauthorized=false`), so that our timeouts can be added: given a URL, nodemailer
 * would ignore every other option.
 */
export function smtpOptions(smtpUrl: string): Record<string, unknown> {
  const url = new URL(smtpUrl);
  const options: Record<string, unknown> = { secure: url.protocol === 'smtps:', host: url.hostname.replace(/^\[|\]$/g, '') };
  if (url.port) options.port = Number(url.port);
  if (url.username) options.auth = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  for (const [key, text] of url.searchParams) {
    const value = text === 'true' ? true : text === 'false' ? false : text !== '' && !Number.isNaN(Number(text)) ? Number(text) : text;
    const path = key.split('.');
    let target = options;
    for (const part of path.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
    target[path.at(-1)!] = value;
  }
  return options;
}

function transportFor(settings: MailSettings & { smtpUrl: string }) {
  const options: SMTPTransport.Options = {
    ...smtpOptions(settings.smtpUrl),
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    dnsTimeout: settings.timeoutMs,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
  // Not pooled: one mail, one connection; nothing is kept open between requests or across instances.
  return nodemailer.createTransport(options);
}

/** With metrics on, each mail counts by its kind and outcome (lib/metrics): a failure here is what the operator must hear of. */
export async function sendMail(sql: Sql, settings: MailSettings, mail: OutgoingMail): Promise<MailResult> {
  const metrics = currentMetrics();
  if (!metrics) return sendOnce(sql, settings, mail);
  try {
    const result = await sendOnce(sql, settings, mail);
    metrics.mail(mail.kind, 'sent' in result ? (result.sent === 'smtp' ? 'sent' : 'outbox') : result.failed);
    return result;
  } catch (error) {
    metrics.mail(mail.kind, 'error');
    throw error;
  }
}

async function sendOnce(sql: Sql, settings: MailSettings, mail: OutgoingMail): Promise<MailResult> {
  if (!settings.smtpUrl) {
    await putIntoOutbox(sql, settings.from, mail);
    return { sent: 'outbox' };
  }
  const transport = transportFor({ ...settings, smtpUrl: settings.smtpUrl });
  try {
    await transport.sendMail({
      from: settings.from,
      // An address object: nodemailer takes it as one address, without parsing names or lists out of it.
      to: { name: '', address: mail.to },
      subject: mail.subject,
      text: mail.text,
      headers: { 'Content-Language': mail.language, 'Auto-Submitted': 'auto-generated' },
    });
    return { sent: 'smtp' };
  } catch (error) {
    const failure = classifyMailError(error);
    const permanent = isPermanentRefusal(error);
    const { code, responseCode, command } = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown };
    // The code and the SMTP reply's number only: a reply's text may quote the recipient.
    logEvent('warn', 'mail_not_sent', { kind: mail.kind, failure, permanent, code, responseCode, command });
    return { failed: failure, permanent };
  } finally {
    transport.close();
  }
}

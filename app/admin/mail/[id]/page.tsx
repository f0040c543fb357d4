import { notFound } from 'next/navigation';
import { pageSession } from '@/lib/admin/console/request';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { isoUtc } from '@/lib/admin/csv';
import { mayDo } from '@/lib/admin/operators/roles';
import { outboxMail } from '@/lib/embedded-api/mail/outbox';
import { withBasePath } from '@/lib/edge/basePath.mjs';
import { ConsoleForm } from '@/components/console/ConsoleForm';
import { Refusal } from '@/components/console/Refusal';
import { ConsoleHeading } from '@/components/console/ConsoleHeading';
import styles from '@/components/console/Console.module.css';
import { resendMail } from './actions';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

/**
 * One mail whole, as `outbox show` prints it: its text holds the participant's access code, which
 * is what the outbox is for. An owner sends an access-code mail again from here.
 */
export default async function MailShowPage({ params }: Props) {
  const page = await pageSession('mailRead');
  if ('refusal' in page) return <Refusal refusal={page.refusal} language={page.request.language} />;
  const t = consoleTranslator(page.language, 'mail');
  const { id: text } = await params;
  const id = /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined;
  if (id === undefined || !Number.isSafeInteger(id)) notFound();
  const mail = await outboxMail(page.db, id);
  const title = t('mailTitle', { id });
  const settings = page.config;
  return (
    <>
      <ConsoleHeading title={title} language={page.language} />
      <p>
        <a href={withBasePath('/admin/mail')}>{t('back')}</a>
      </p>
      {!mail ? (
        <p role="alert" className={styles.error}>{t('notFound')}</p>
      ) : (
        <>
          <section className={styles.section} aria-labelledby="mail-subject">
            <h2 id="mail-subject" style={{ marginTop: 0 }}>{mail.subject}</h2>
            <dl>
              <dt>{t('from')}</dt>
              <dd>{mail.sender}</dd>
              <dt>{t('to')}</dt>
              <dd>{mail.recipient}</dd>
              <dt>{t('date')}</dt>
              <dd><time dateTime={isoUtc(mail.created_at)!}>{isoUtc(mail.created_at)}</time></dd>
              <dt>{t('language')}</dt>
              <dd>{mail.language}</dd>
            </dl>
            <h3>{t('text')}</h3>
            <pre lang={mail.language.slice(0, 2)} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', font: 'inherit', margin: 0 }}>{mail.body}</pre>
          </section>
          {mail.kind === 'accessCode' && mayDo(page.session.role, 'mailResend') && (
            <section className={styles.section} aria-labelledby="resend-title">
              <h2 id="resend-title" style={{ marginTop: 0 }}>{t('resendTitle')}</h2>
              <p>{t('resendIntro', { recipient: mail.recipient, participant: settings.MAIL_MAX_PER_PARTICIPANT_PER_HOUR, recipient_limit: settings.MAIL_MAX_PER_RECIPIENT_PER_HOUR })}</p>
              <ConsoleForm id="mail-resend" action={resendMail} pageAddress={page.pageAddress} submitLabel={t('resend')} xsrf={page.xsrf}>
                <input type="hidden" name="mail" value={mail.id} />
              </ConsoleForm>
            </section>
          )}
        </>
      )}
    </>
  );
}

import { pageSession } from '@/lib/admin/console/request';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { latestOutbox } from '@/lib/admin/outboxList';
import { withBasePath } from '@/lib/edge/basePath.mjs';
import { Refusal } from '@/components/console/Refusal';
import { ConsoleTable } from '@/components/console/ConsoleTable';
import { ConsoleHeading } from '@/components/console/ConsoleHeading';
import styles from '@/components/console/Console.module.css';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 100;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The outbox, newest first, without the mails' text (it holds access codes): each opens on its own page. */
export default async function MailPage({ searchParams }: Props) {
  const page = await pageSession('mailRead');
  if ('refusal' in page) return <Refusal refusal={page.refusal} language={page.request.language} />;
  const t = consoleTranslator(page.language, 'mail');
  const before = Number((await searchParams).before);
  const mails = await latestOutbox(page.db, PAGE_SIZE, Number.isSafeInteger(before) && before > 0 ? before : undefined);
  const format = new Intl.DateTimeFormat(page.language, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/Berlin' });
  return (
    <>
      <ConsoleHeading title={t('title')} language={page.language} />
      <p>{t('intro')}</p>
      {page.config.SMTP_URL && <p className={styles.notice}>{t('smtp')}</p>}
      {mails.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ConsoleTable id="mail" caption={t('caption', { count: mails.length })} columns={[{ label: t('id'), numeric: true }, t('created'), t('kind'), t('language'), t('recipient'), t('subject')]}>
          {mails.map((mail) => (
            <tr key={mail.id}>
              <td className={styles.number}>
                <a href={withBasePath(`/admin/mail/${mail.id}`)} aria-label={t('show', { id: mail.id })}>{mail.id}</a>
              </td>
              <td><time dateTime={new Date(mail.created_at).toISOString()}>{format.format(new Date(mail.created_at))}</time></td>
              <td>{mail.kind === 'accessCode' || mail.kind === 'paymentConfirmation' ? t(`kinds.${mail.kind}`) : mail.kind}</td>
              <td>{mail.language}</td>
              <td>{mail.recipient}</td>
              <td>{mail.subject}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {mails.length === PAGE_SIZE && (
        <p>
          <a href={withBasePath(`/admin/mail?before=${mails.at(-1)!.id}`)}>{t('older')}</a>
        </p>
      )}
    </>
  );
}

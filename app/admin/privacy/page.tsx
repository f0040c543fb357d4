import { exportableQuestionnaires } from '@/lib/admin/anonymousExport';
import { pageSession } from '@/lib/admin/console/request';
import { consoleTranslator, type ConsoleT } from '@/lib/admin/console/texts';
import { detailsText, PERSON_KINDS } from '@/lib/admin/privacy';
import { latestAuditPage } from '@/lib/embedded-api/privacy/audit';
import { withBasePath } from '@/lib/edge/basePath.mjs';
import { Refusal } from '@/components/console/Refusal';
import { TableScroller } from '@/components/console/TableScroller';
import styles from '@/components/console/Console.module.css';
import { ErasePerson } from './ErasePerson';
import { OnceForm } from '@/components/console/OnceForm';
import { exportPersonStep } from './actions';
import own from './Privacy.module.css';

export const dynamic = 'force-dynamic';

const AUDIT_SHOWN = 100;

/**
 * The privacy operations of the command line, for owners only (a viewer sees the refusal): a
 * person's data as JSON, their erasure in two steps, the anonymous export, and the privacy audit.
 */
export default async function PrivacyPage() {
  // Every action here is the owners'; the audit list's is the one the page needs to be seen at all.
  const page = await pageSession('privacyAudit');
  if ('refusal' in page) return <Refusal refusal={page.refusal} language={page.request.language} />;
  const t = consoleTranslator(page.language, 'privacy');
  const [questionnaires, audit] = await Promise.all([exportableQuestionnaires(page.db), latestAuditPage(page.db, AUDIT_SHOWN)]);
  const date = new Intl.DateTimeFormat(page.language, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/Berlin' });
  const kinds = PERSON_KINDS.map((kind) => [kind, t(`kinds.${kind}`)] as [string, string]);
  return (
    <>
      <title>{`${t('title')} – ${consoleTranslator(page.language, 'common')('console')}`}</title>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>

      <section className={styles.section} aria-labelledby="export-title">
        <h2 id="export-title" style={{ marginTop: 0 }}>{t('exportTitle')}</h2>
        <p>{t('exportIntro')}</p>
        <OnceForm id="person-export" action={exportPersonStep} pageAddress={page.pageAddress} submitLabel={t('exportSubmit')}>
          <PersonFields prefix="export" kinds={kinds} t={t} />
        </OnceForm>
      </section>

      <section className={styles.section} aria-labelledby="erase-title">
        <h2 id="erase-title" style={{ marginTop: 0 }}>{t('eraseTitle')}</h2>
        <p>{t('eraseIntro')}</p>
        <ErasePerson
          pageAddress={page.pageAddress}
          xsrf={page.xsrf}
          texts={{
            kind: t('kind'),
            kinds,
            code: t('code'),
            keepAnswers: t('keepAnswers'),
            previewSubmit: t('previewSubmit'),
            previewTitle: t('previewTitle'),
            previewNone: t('previewNone'),
            shared: t('shared'),
            confirm: t('confirm'),
            eraseSubmit: t('eraseSubmit'),
          }}
        />
      </section>

      <section className={styles.section} aria-labelledby="anonymous-title">
        <h2 id="anonymous-title" style={{ marginTop: 0 }}>{t('anonymousTitle')}</h2>
        <p>{t('anonymousIntro')}</p>
        {questionnaires.length === 0 ? (
          <p>{t('noQuestionnaires')}</p>
        ) : (
          <form method="get" action={withBasePath('/admin/privacy/anonymous')} className={styles.form}>
            <div className={styles.field}>
              <label htmlFor="anonymous-questionnaire">{t('questionnaire')}</label>
              <select id="anonymous-questionnaire" name="questionnaire">
                {questionnaires.map((key) => (
                  <option key={key} value={key}>{key}</option>
                ))}
              </select>
            </div>
            <div className={styles.field}>
              <label className={own.check}>
                <input type="checkbox" name="finished" value="1" />
                <span>{t('finishedOnly')}</span>
              </label>
            </div>
            <div className={styles.field}>
              <label className={own.check}>
                <input type="checkbox" name="excel" value="1" />
                <span>{t('excel')}</span>
              </label>
            </div>
            <button type="submit" className={styles.primary}>{t('anonymousSubmit')}</button>
          </form>
        )}
      </section>

      <section className={styles.section} aria-labelledby="privacy-audit-title">
        <h2 id="privacy-audit-title" style={{ marginTop: 0 }}>{t('auditTitle')}</h2>
        <p>
          <a href={withBasePath('/admin/privacy/audit')} download>{t('auditDownload')}</a>
        </p>
        {audit.length === 0 ? (
          <p>{t('auditEmpty')}</p>
        ) : (
          <TableScroller labelledBy="privacy-audit-caption">
            <table className={styles.table}>
              <caption id="privacy-audit-caption">{t('auditCaption', { count: audit.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('when')}</th>
                  <th scope="col">{t('action')}</th>
                  <th scope="col">{t('subject')}</th>
                  <th scope="col" className={styles.number}>{t('records')}</th>
                  <th scope="col">{t('details')}</th>
                  <th scope="col">{t('by')}</th>
                </tr>
              </thead>
              <tbody>
                {audit.map((row) => (
                  <tr key={row.id}>
                    <td><time dateTime={row.at.toISOString()}>{date.format(row.at)}</time></td>
                    <td>{row.action}</td>
                    <td>{row.subject}</td>
                    <td className={styles.number}>{row.records}</td>
                    <td>{detailsText(row.details)}</td>
                    <td>{row.by}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
      </section>
    </>
  );
}

function PersonFields({ prefix, kinds, t }: { prefix: string; kinds: Array<[string, string]>; t: ConsoleT }) {
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={`${prefix}-kind`}>{t('kind')}</label>
        <select id={`${prefix}-kind`} name="kind" defaultValue="assessment">
          {kinds.map(([kind, label]) => (
            <option key={kind} value={kind}>{label}</option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${prefix}-code`}>{t('code')}</label>
        <input id={`${prefix}-code`} name="code" required maxLength={254} autoComplete="off" spellCheck={false} />
      </div>
    </>
  );
}

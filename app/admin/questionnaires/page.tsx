import { pageSession } from '@/lib/admin/console/request';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { mayDo } from '@/lib/admin/operators/roles';
import { listQuestionnaireVersions, UPLOAD_MAX_BYTES } from '@/lib/admin/questionnaires';
import { ConsoleForm } from '@/components/console/ConsoleForm';
import { LimitedFileInput } from '@/components/console/LimitedFileInput';
import { Refusal } from '@/components/console/Refusal';
import { TableScroller } from '@/components/console/TableScroller';
import styles from '@/components/console/Console.module.css';
import { importQuestionnaireFile } from './actions';

export const dynamic = 'force-dynamic';

/** The questionnaires and their versions; an owner imports a file here as `questionnaire import` does. */
export default async function QuestionnairesPage() {
  const page = await pageSession('questionnaireList');
  if ('refusal' in page) return <Refusal refusal={page.refusal} language={page.request.language} />;
  const t = consoleTranslator(page.language, 'questionnaires');
  const rows = await listQuestionnaireVersions(page.db);
  const format = new Intl.DateTimeFormat(page.language, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Berlin' });
  const number = new Intl.NumberFormat(page.language);
  const size = `${number.format(UPLOAD_MAX_BYTES / 1024)} KB`;
  return (
    <>
      <title>{`${t('title')} – ${consoleTranslator(page.language, 'common')('console')}`}</title>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      {mayDo(page.session.role, 'questionnaireImport') && (
        <section className={styles.section} aria-labelledby="import-title">
          <h2 id="import-title" style={{ marginTop: 0 }}>{t('importTitle')}</h2>
          <ConsoleForm id="questionnaire-import" action={importQuestionnaireFile} pageAddress={page.pageAddress} submitLabel={t('submit')} xsrf={page.xsrf}>
            <div className={styles.field}>
              <label htmlFor="questionnaire-file">{t('file')}</label>
              <LimitedFileInput id="questionnaire-file" accept="application/json,.json" maxBytes={UPLOAD_MAX_BYTES} tooLarge={t('tooLarge', { size })} describedBy="questionnaire-file-hint questionnaire-import-message" />
              <p id="questionnaire-file-hint" className={styles.hint}>{t('fileHint', { size })}</p>
            </div>
          </ConsoleForm>
        </section>
      )}
      {rows.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <TableScroller labelledBy="questionnaires-caption">
          <table className={styles.table}>
            <caption id="questionnaires-caption">{t('caption', { count: rows.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('key')}</th>
                <th scope="col" className={styles.number}>{t('version')}</th>
                <th scope="col" className={styles.number}>{t('product')}</th>
                <th scope="col" className={styles.number}>{t('questions')}</th>
                <th scope="col">{t('importedAt')}</th>
                <th scope="col" className={styles.number}>{t('assessments')}</th>
                <th scope="col" className={styles.number}>{t('answered')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.key} ${row.version}`}>
                  <th scope="row">{row.key}</th>
                  <td className={styles.number}>{row.version}</td>
                  <td className={styles.number}>{row.product ?? ''}</td>
                  <td className={styles.number}>{row.questions ?? ''}</td>
                  <td><time dateTime={row.importedAt.toISOString()}>{format.format(row.importedAt)}</time></td>
                  <td className={styles.number}>{number.format(row.assessments)}</td>
                  <td className={styles.number}>{number.format(row.answered)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </>
  );
}

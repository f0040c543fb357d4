import { pageSession } from '@/lib/admin/console/request';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { mayDo } from '@/lib/admin/operators/roles';
import { listQuestionnaireVersions, UPLOAD_MAX_BYTES } from '@/lib/admin/questionnaires';
import { ConsoleForm } from '@/components/console/ConsoleForm';
import { LimitedFileInput } from '@/components/console/LimitedFileInput';
import { Refusal } from '@/components/console/Refusal';
import { ConsoleTable } from '@/components/console/ConsoleTable';
import { ConsoleHeading } from '@/components/console/ConsoleHeading';
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
      <ConsoleHeading title={t('title')} language={page.language} />
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
        <ConsoleTable id="questionnaires" caption={t('caption', { count: rows.length })} columns={[t('key'), { label: t('version'), numeric: true }, { label: t('product'), numeric: true }, { label: t('questions'), numeric: true }, t('importedAt'), { label: t('assessments'), numeric: true }, { label: t('answered'), numeric: true }]}>
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
        </ConsoleTable>
      )}
    </>
  );
}

import { CONSOLE_EXPORT_FORMATS, exportableQuestionnaires } from '@/lib/admin/answersExport';
import { pageSession } from '@/lib/admin/console/request';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { EXPORT_COLUMNS } from '@/lib/admin/export';
import { withBasePath } from '@/lib/edge/basePath.mjs';
import { Refusal } from '@/components/console/Refusal';
import { ConsoleHeading } from '@/components/console/ConsoleHeading';
import styles from '@/components/console/Console.module.css';
import own from './Exports.module.css';

export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const PROBLEMS = ['questionnaire', 'format', 'unknown'] as const;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The export of answers: a form sent with GET to the download (app/admin/exports/answers), so
 * that the browser saves the file as it streams; a choice it cannot take comes back here, named.
 */
export default async function ExportsPage({ searchParams }: Props) {
  const page = await pageSession('answersExport');
  if ('refusal' in page) return <Refusal refusal={page.refusal} language={page.request.language} />;
  const t = consoleTranslator(page.language, 'exports');
  const params = await searchParams;
  const keys = await exportableQuestionnaires(page.db);
  const problem = PROBLEMS.find((name) => name === single(params.problem));
  const chosen = single(params.questionnaire);
  const format = CONSOLE_EXPORT_FORMATS.find((name) => name === single(params.format)) ?? 'csv';
  return (
    <>
      <ConsoleHeading title={t('title')} language={page.language} />
      <p>{t('intro')}</p>
      {keys.length === 0 ? (
        <p>{t('noQuestionnaires')}</p>
      ) : (
        <section className={styles.section} aria-labelledby="export-title">
          <h2 id="export-title" style={{ marginTop: 0 }}>{t('title')}</h2>
          <form method="get" action={withBasePath('/admin/exports/answers')} className={styles.form} aria-describedby={problem ? 'export-message' : undefined}>
            {problem && (
              <p id="export-message" role="alert" className={styles.error}>{t(`problem.${problem}`)}</p>
            )}
            <div className={styles.field}>
              <label htmlFor="export-questionnaire">{t('questionnaire')}</label>
              <select id="export-questionnaire" name="questionnaire" defaultValue={chosen && keys.includes(chosen) ? chosen : keys[0]}>
                {keys.map((key) => (
                  <option key={key} value={key}>{key}</option>
                ))}
              </select>
            </div>
            <fieldset className={styles.choices}>
              <legend>{t('format')}</legend>
              {CONSOLE_EXPORT_FORMATS.map((name) => (
                <label key={name} className={styles.choice}>
                  <input type="radio" name="format" value={name} defaultChecked={name === format} /> {t(name)}
                </label>
              ))}
            </fieldset>
            <label className={styles.choice}>
              <input type="checkbox" name="finished" defaultChecked={single(params.finished) === 'on'} /> {t('finished')}
            </label>
            <div>
              <label className={styles.choice}>
                <input type="checkbox" name="anonymous" defaultChecked={single(params.anonymous) === 'on'} aria-describedby="export-anonymous-hint" /> {t('anonymous')}
              </label>
              <p id="export-anonymous-hint" className={styles.hint}>{t('anonymousHint')}</p>
            </div>
            <button type="submit" className={styles.primary}>{t('submit')}</button>
          </form>
        </section>
      )}
      <h2>{t('columns')}</h2>
      <p className={own.columns}>{t('columnsText', { columns: EXPORT_COLUMNS.join(', ') })}</p>
    </>
  );
}

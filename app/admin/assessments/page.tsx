import { ASSESSMENT_STATES, candidateName, importedQuestionnaireKeys, isAssessmentState, MAX_SEARCH_LENGTH, searchAssessments } from '@/lib/admin/assessmentSearch';
import { CONSOLE_MAX_COUNT } from '@/lib/admin/console/assessmentCreateForm';
import { MAX_NAME_LENGTH, PARTICIPANT_LANGUAGE_NAMES } from '@/lib/admin/console/forms';
import { pageSession } from '@/lib/admin/console/request';
import { consoleTranslator, type ConsoleT } from '@/lib/admin/console/texts';
import { mayDo } from '@/lib/admin/operators/roles';
import { LANGUAGES } from '@/lib/api/languages';
import { withBasePath } from '@/lib/edge/basePath.mjs';
import { OnceForm } from '@/components/console/OnceForm';
import { Refusal } from '@/components/console/Refusal';
import { TableScroller } from '@/components/console/TableScroller';
import styles from '@/components/console/Console.module.css';
import own from '@/components/console/ConsoleParts.module.css';
import { createAssessmentsAction } from './actions';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 100;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (value: string | string[] | undefined): string => (typeof value === 'string' ? value : '');

/**
 * The assessments, newest first, a hundred at a time, searched by name, ident-code prefix or state
 * (lib/admin/assessmentSearch.ts, as `assessment list` searches); and, for owners, the form that
 * creates them and hands out their codes once.
 */
export default async function AssessmentsPage({ searchParams }: Props) {
  const page = await pageSession('assessmentList');
  if ('refusal' in page) return <Refusal refusal={page.refusal} language={page.request.language} />;
  const t = consoleTranslator(page.language, 'assessments');
  const params = await searchParams;
  const text = one(params.q).slice(0, MAX_SEARCH_LENGTH);
  const state = isAssessmentState(params.state) ? params.state : undefined;
  const before = Number(one(params.before));
  const after = Number.isSafeInteger(before) && before > 0 ? before : undefined;
  const rows = await searchAssessments(page.db, { ...(text.trim() && { text }), ...(state && { state }), ...(after && { after }), limit: PAGE_SIZE });
  const format = new Intl.DateTimeFormat(page.language, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Berlin' });
  const when = (date: Date | null) => (date ? <time dateTime={date.toISOString()}>{format.format(date)}</time> : t('none'));
  const query = (extra: Record<string, string>) => new URLSearchParams({ ...(text && { q: text }), ...(state && { state }), ...extra }).toString();
  const mayCreate = mayDo(page.session.role, 'assessmentCreate');
  return (
    <>
      <title>{`${t('title')} – ${consoleTranslator(page.language, 'common')('console')}`}</title>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      {mayCreate && <CreateSection t={t} pageAddress={page.pageAddress} xsrf={page.xsrf} questionnaires={await importedQuestionnaireKeys(page.db)} />}
      <section className={styles.section} aria-labelledby="assessments-search">
        <h2 id="assessments-search">{t('searchHeading')}</h2>
        <form method="get" action={withBasePath('/admin/assessments')} className={styles.row} role="search">
          <div className={styles.field}>
            <label htmlFor="assessments-q">{t('search')}</label>
            <input id="assessments-q" name="q" type="search" defaultValue={text} maxLength={MAX_SEARCH_LENGTH} autoComplete="off" />
          </div>
          <div className={styles.field}>
            <label htmlFor="assessments-state">{t('state')}</label>
            <select id="assessments-state" name="state" defaultValue={state ?? ''}>
              <option value="">{t('anyState')}</option>
              {ASSESSMENT_STATES.map((name) => (
                <option key={name} value={name}>{t(`states.${name}`)}</option>
              ))}
            </select>
          </div>
          <button type="submit" className={styles.primary}>{t('searchSubmit')}</button>
          {(text || state) && <a href={withBasePath('/admin/assessments')}>{t('reset')}</a>}
        </form>
      </section>
      {rows.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <TableScroller labelledBy="assessments-caption">
          <table className={styles.table}>
            <caption id="assessments-caption">{after ? t('captionMore', { count: rows.length }) : t('caption', { count: rows.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('identCode')}</th>
                <th scope="col">{t('questionnaire')}</th>
                <th scope="col">{t('candidate')}</th>
                <th scope="col">{t('created')}</th>
                <th scope="col">{t('validUntil')}</th>
                <th scope="col">{t('state')}</th>
                <th scope="col">{t('lastActivity')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.identCode ? <code>{row.identCode}</code> : t('groupParticipant', { code: row.groupCode ?? '', number: row.participant ?? '' })}</td>
                  <td>{row.questionnaireKey}</td>
                  <td>{row.selfAssessment ? t('selfAssessment') : candidateName(row.candidate) || t('none')}</td>
                  <td>{when(row.createdAt)}</td>
                  <td>{when(row.validUntil)}</td>
                  <td>{t(`states.${row.state}`)}</td>
                  <td>{when(row.lastActivity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
      {rows.length === PAGE_SIZE && (
        <p>
          <a href={withBasePath(`/admin/assessments?${query({ before: String(rows.at(-1)!.id) })}`)}>{t('more')}</a>
        </p>
      )}
    </>
  );
}

function CreateSection({ t, pageAddress, xsrf, questionnaires }: { t: ConsoleT; pageAddress: string; xsrf: string; questionnaires: string[] }) {
  return (
    <section className={styles.section} aria-labelledby="assessments-create">
      <h2 id="assessments-create">{t('createHeading')}</h2>
      <p>{t('createIntro')}</p>
      {questionnaires.length === 0 ? (
        <p>{t('noQuestionnaires')}</p>
      ) : (
        <OnceForm id="assessment-create" action={createAssessmentsAction} pageAddress={pageAddress} submitLabel={t('submit')} xsrf={xsrf}>
          <div className={styles.field}>
            <label htmlFor="create-questionnaire">{t('questionnaire')}</label>
            <select id="create-questionnaire" name="questionnaire" className={own.fit}>
              {questionnaires.map((key) => (
                <option key={key} value={key}>{key}</option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor="create-count">{t('count')}</label>
            <input id="create-count" name="count" type="number" inputMode="numeric" min={1} max={CONSOLE_MAX_COUNT} step={1} defaultValue={1} required aria-describedby="create-count-hint" />
            <p id="create-count-hint" className={styles.hint}>{t('countHint', { max: CONSOLE_MAX_COUNT })}</p>
          </div>
          <fieldset className={styles.form}>
            <legend>{t('candidateLegend')}</legend>
            {(['title', 'firstName', 'lastName', 'pseudonym'] as const).map((name) => (
              <div key={name} className={styles.field}>
                <label htmlFor={`create-${name}`}>{t(name === 'title' ? 'candidateTitle' : name)}</label>
                <input id={`create-${name}`} name={name} type="text" maxLength={MAX_NAME_LENGTH} autoComplete="off" />
              </div>
            ))}
            <label className={own.check}>
              <input type="checkbox" name="self" /> {t('self')}
            </label>
          </fieldset>
          <div className={styles.field}>
            <label htmlFor="create-language">{t('language')}</label>
            <select id="create-language" name="language" defaultValue="de-DE">
              {LANGUAGES.map((code) => (
                <option key={code} value={code}>{PARTICIPANT_LANGUAGE_NAMES[code]}</option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor="create-validUntil">{t('validUntilOptional')}</label>
            <input id="create-validUntil" name="validUntil" type="date" aria-describedby="create-validUntil-hint" />
            <p id="create-validUntil-hint" className={styles.hint}>{t('validUntilHint')}</p>
          </div>
          <label className={own.check}>
            <input type="checkbox" name="excel" /> {t('excel')}
          </label>
        </OnceForm>
      )}
    </section>
  );
}

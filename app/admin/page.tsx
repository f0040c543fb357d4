import { pageSession } from '@/lib/admin/console/request';
import { consoleTranslator, type ConsoleT } from '@/lib/admin/console/texts';
import { isRange, loadOverview, RANGES, STUCK_MINUTES, type Progress } from '@/lib/admin/overview';
import { LiveRefresh } from '@/components/console/LiveRefresh';
import { ProgressChart } from '@/components/console/ProgressChart';
import { Refusal } from '@/components/console/Refusal';
import { TableScroller } from '@/components/console/TableScroller';
import { ConsoleHeading } from '@/components/console/ConsoleHeading';
import styles from '@/components/console/Console.module.css';

export const dynamic = 'force-dynamic';

/** How often the overview renders itself again while it is open. */
const REFRESH_SECONDS = 3;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The live overview: who is still working, who is stuck, who has not started. */
export default async function OverviewPage({ searchParams }: Props) {
  const page = await pageSession('overview');
  if ('refusal' in page) return <Refusal refusal={page.refusal} language={page.request.language} />;
  const t = consoleTranslator(page.language, 'overview');
  const requested = (await searchParams).range;
  const range = isRange(requested) ? requested : '8h';
  const overview = await loadOverview(page.db, range);
  const time = new Intl.DateTimeFormat(page.language, { timeStyle: 'medium', timeZone: 'Europe/Berlin' });
  const dateTime = new Intl.DateTimeFormat(page.language, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Berlin' });
  const short = new Intl.DateTimeFormat(page.language, range === '7d' ? { weekday: 'short', hour: '2-digit', timeZone: 'Europe/Berlin' } : { timeStyle: 'short', timeZone: 'Europe/Berlin' });
  const when = (date: Date | null) => (date ? dateTime.format(date) : t('never'));
  return (
    <>
      <LiveRefresh seconds={REFRESH_SECONDS} />
      <ConsoleHeading title={t('title')} language={page.language} />
      <p>{t('intro')}</p>
      <p className={styles.muted}>
        {t('updated', { time: time.format(overview.at) })} {t('refreshing', { seconds: REFRESH_SECONDS })}
      </p>
      <section className={styles.section} aria-labelledby="totals-title">
        <h2 id="totals-title" style={{ marginTop: 0 }}>{t('totals')}</h2>
        <Figures progress={overview.totals} t={t} />
        <p className={styles.muted}>
          {t('lastActivity')}: {when(overview.totals.lastActivity)}
        </p>
      </section>
      <form method="get" className={styles.row} style={{ marginBottom: '1rem' }}>
        <div className={styles.field}>
          <label htmlFor="overview-range">{t('range')}</label>
          <select id="overview-range" name="range" defaultValue={range}>
            {Object.keys(RANGES).map((key) => (
              <option key={key} value={key}>{t(`ranges.${key}`)}</option>
            ))}
          </select>
        </div>
        <button type="submit" className={styles.secondary}>{t('show')}</button>
      </form>
      <ProgressChart timeline={overview.timeline} t={t} format={(date) => short.format(date)} />
      <section className={styles.section} aria-labelledby="by-questionnaire">
        <h2 id="by-questionnaire" style={{ marginTop: 0 }}>{t('byQuestionnaire')}</h2>
        {overview.questionnaires.length === 0 ? (
          <p>{t('noAssessments')}</p>
        ) : (
          <ProgressTable labelledBy="by-questionnaire" t={t} first={t('questionnaire')} rows={overview.questionnaires.map((row) => ({ key: row.questionnaireKey, label: row.questionnaireKey, progress: row }))} when={when} />
        )}
      </section>
      <section className={styles.section} aria-labelledby="by-group">
        <h2 id="by-group" style={{ marginTop: 0 }}>{t('byGroupCode')}</h2>
        {overview.groups.length === 0 ? (
          <p>{t('noGroups')}</p>
        ) : (
          <ProgressTable
            labelledBy="by-group"
            t={t}
            first={t('groupCode')}
            rows={overview.groups.map((row) => ({ key: row.groupCode, label: `${row.groupCode} (${row.variant}${row.closed ? `, ${t('closed')}` : ''})`, progress: row }))}
            when={when}
          />
        )}
      </section>
    </>
  );
}

function Figures({ progress, t }: { progress: Progress; t: ConsoleT }) {
  const figures = [
    ['invited', progress.invited],
    ['notStarted', progress.notStarted],
    ['inProgress', progress.inProgress],
    ['finished', progress.finished],
  ] as const;
  return (
    <dl className={styles.figures}>
      {figures.map(([key, value]) => (
        <div key={key} className={styles.figure}>
          <dt>{t(key)}</dt>
          <dd data-figure={key}>{value}</dd>
        </div>
      ))}
      <div className={styles.figure}>
        <dt>{t('stuck', { minutes: STUCK_MINUTES })}</dt>
        <dd data-figure="stuck">{progress.stuck}</dd>
      </div>
    </dl>
  );
}

function ProgressTable({ labelledBy, t, first, rows, when }: { labelledBy: string; t: ConsoleT; first: string; rows: Array<{ key: string; label: string; progress: Progress }>; when: (date: Date | null) => string }) {
  const columns = ['invited', 'notStarted', 'inProgress', 'stuck', 'finished'] as const;
  return (
    <TableScroller labelledBy={labelledBy}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            {columns.map((column) => (
              <th key={column} scope="col" className={styles.number}>
                {column === 'stuck' ? t('stuck', { minutes: STUCK_MINUTES }) : t(column)}
              </th>
            ))}
            <th scope="col">{t('lastActivity')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {columns.map((column) => (
                <td key={column} className={styles.number}>{row.progress[column]}</td>
              ))}
              <td>{when(row.progress.lastActivity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

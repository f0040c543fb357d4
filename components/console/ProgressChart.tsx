import type { Timeline } from '@/lib/admin/overview';
import type { ConsoleT } from '@/lib/admin/console/texts';
import styles from './Console.module.css';
import { TableScroller } from './TableScroller';

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { left: 40, right: 8, top: 12, bottom: 28 };
const COLORS = { starts: '#0b5cad', finishes: '#1e7b34' } as const;

/** A whole number just at or above the largest value, with a round step for the axis. */
function scaleOf(max: number): { top: number; step: number } {
  if (max <= 4) return { top: 4, step: 1 };
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].map((f) => f * magnitude / 2).find((s) => max / s <= 5) ?? magnitude;
  return { top: Math.ceil(max / step) * step, step };
}

/**
 * Starts and finishes over time as an SVG bar chart, drawn on the server: no chart library, no
 * script. Its values are also given as a table for screen readers and for reading exact figures.
 */
export function ProgressChart({ timeline, t, format }: { timeline: Timeline; t: ConsoleT; format: (date: Date) => string }) {
  const { starts, finishes, from, bucketMinutes } = timeline;
  const count = starts.length;
  const { top, step } = scaleOf(Math.max(1, ...starts, ...finishes));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / count;
  const bar = Math.max(1, slot / 2 - 1);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const at = (index: number) => new Date(from.getTime() + index * bucketMinutes * 60_000);
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  const labelEvery = Math.ceil(count / 6);
  const total = (series: number[]) => series.reduce((sum, n) => sum + n, 0);
  return (
    <figure className={styles.section} style={{ margin: '0 0 1.5rem' }}>
      <figcaption>
        <h2 id="chart-title" style={{ marginTop: 0 }}>{t('chartTitle')}</h2>
        <p id="chart-summary" className={styles.muted}>
          {t('chartSummary', { from: format(from), to: format(timeline.to), starts: total(starts), finishes: total(finishes), minutes: bucketMinutes })}
        </p>
      </figcaption>
      <ul className={styles.legend}>
        <li><span className={styles.swatch} style={{ background: COLORS.starts }} aria-hidden="true" />{t('starts')}</li>
        <li><span className={styles.swatch} style={{ background: COLORS.finishes }} aria-hidden="true" />{t('finishes')}</li>
      </ul>
      <svg className={styles.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="chart-title chart-summary">
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#dde3ec" />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="14" fill="#4a5b70">{tick}</text>
          </g>
        ))}
        {starts.map((value, i) => (
          <rect key={`s${i}`} x={PAD.left + i * slot + 1} y={y(value)} width={bar} height={y(0) - y(value)} fill={COLORS.starts} />
        ))}
        {finishes.map((value, i) => (
          <rect key={`f${i}`} x={PAD.left + i * slot + 1 + bar} y={y(value)} width={bar} height={y(0) - y(value)} fill={COLORS.finishes} />
        ))}
        {starts.map((_, i) =>
          i % labelEvery === 0 ? (
            <text key={`l${i}`} x={PAD.left + i * slot} y={HEIGHT - 8} fontSize="14" fill="#4a5b70">{format(at(i))}</text>
          ) : null,
        )}
      </svg>
      <details>
        <summary id="chart-table">{t('chartTable')}</summary>
        <TableScroller labelledBy="chart-table">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('interval')}</th>
                <th scope="col" className={styles.number}>{t('starts')}</th>
                <th scope="col" className={styles.number}>{t('finishes')}</th>
              </tr>
            </thead>
            <tbody>
              {starts.map((value, i) => (
                <tr key={i}>
                  <th scope="row">{format(at(i))}</th>
                  <td className={styles.number}>{value}</td>
                  <td className={styles.number}>{finishes[i]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      </details>
    </figure>
  );
}

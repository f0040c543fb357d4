import { progressBand, progressPercent } from '@/lib/validation/slider';
import { fillTemplate } from '../fillTemplate';
import type { SliderTexts } from '../viewTypes';
import styles from './Slider.module.css';

type Props = { current: number; total: number; pageOf: string; texts: SliderTexts };

/**
 * The progress of page against total (spec §2), coloured by its band (spec §4: ≤ 20, 21–40,
 * 41–60, 61–80, > 80) and saying the band in words, so that the colour is never the only sign.
 */
export function SliderProgress({ current, total, pageOf, texts }: Props) {
  const percent = progressPercent(current, total);
  const band = progressBand(percent);
  const text = fillTemplate(texts.progressText, { percent, band: texts.bands[band - 1] ?? '' });
  return (
    <div className={styles.progress} data-band={band}>
      <p className={styles.progressText}>
        <span id="slider-progress-label" className={styles.progressLabel}>
          {texts.progressLabel}
        </span>{' '}
        <span>
          {pageOf} · {text}
        </span>
      </p>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-labelledby="slider-progress-label"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={current}
        aria-valuetext={`${pageOf}, ${text}`}
      >
        <span className={styles.progressFill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

'use client';

import type { KeyboardEvent, PointerEvent } from 'react';
import type { Language } from '@/lib/api/languages';
import {
  afterNotRatedToggle,
  pointCaption,
  shownSliderValue,
  SLIDER_NOT_RATED,
  SLIDER_UNSET,
  valueAtSliderStart,
  valueForKey,
} from '@/lib/validation/slider';
import styles from './Slider.module.css';

type Props = {
  answerId: number;
  letter: string;
  text: string;
  subtext?: string | null;
  value: number;
  max: number;
  invalid: boolean;
  disabled: boolean;
  /** The caption of 'not rated' where the questionnaire offers it; null shows no checkbox. */
  notRatedCaption: string | null;
  /** The value caption of exactly this value, if the scale has one. */
  captionOf: (value: number) => string | null | undefined;
  language: Language;
  contentLang?: string;
  onChange: (value: number) => void;
};

/**
 * One answer item of the slider view: a native range (0 … the scale's largest value, step 1)
 * labelled by the item's text, whose aria-valuetext is the point caption (spec §9), and the 'not
 * rated' checkbox where the questionnaire offers it (spec §4). A native range always holds a
 * number: an item that is unset or not rated rests at 0, and says so in text and in its value
 * text, with a hollow thumb, so that nobody takes it for a 0.
 */
export function SliderItem(props: Props) {
  const { answerId, letter, text, subtext, value, max, invalid, disabled, notRatedCaption, captionOf, language, contentLang, onChange } = props;
  const inputId = `slider-${answerId}`;
  const subtextId = `slider-${answerId}-subtext`;
  const shown = shownSliderValue(value, max);
  const state = value === SLIDER_UNSET ? 'unset' : value < 0 ? 'not-rated' : 'set';
  const valueText = pointCaption(value, language, value >= 0 ? captionOf(value) : null);
  // Spec §4: a negative value shows the not-rated caption; an unset one says that it is unset.
  const shownText = value === SLIDER_NOT_RATED && notRatedCaption ? notRatedCaption : valueText;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const next = valueForKey(event.key, value, max);
    if (next === undefined) return;
    event.preventDefault();
    if (next !== value) onChange(next);
  };
  const onPointerDown = (event: PointerEvent<HTMLInputElement>) => {
    const next = valueAtSliderStart(value, event.currentTarget.valueAsNumber);
    if (next !== value) onChange(next);
  };

  return (
    <div className={styles.item} data-state={state} data-invalid={invalid || undefined}>
      <div className={styles.itemHead}>
        <label htmlFor={inputId} className={styles.itemLabel}>
          <span className={styles.letter} aria-hidden="true">
            {letter}
          </span>
          <span className="visually-hidden">{letter}) </span>
          <span lang={contentLang}>{text}</span>
        </label>
        {/* For the eye; the range's value text says the same to a screen reader. */}
        <output htmlFor={inputId} className={styles.itemValue} aria-hidden="true">
          {shownText}
        </output>
      </div>
      {subtext && (
        <p id={subtextId} className={styles.itemSubtext} lang={contentLang}>
          {subtext}
        </p>
      )}
      <input
        id={inputId}
        className={styles.range}
        type="range"
        name={`answer-${answerId}`}
        min={0}
        max={max}
        step={1}
        value={shown}
        aria-valuetext={valueText}
        aria-describedby={subtext ? subtextId : undefined}
        aria-invalid={invalid || undefined}
        data-state={state}
        style={{ ['--fill' as string]: `${(100 * shown) / max}%` }}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
      />
      {notRatedCaption && (
        <label className={styles.notRated}>
          <input
            type="checkbox"
            name={`not-rated-${answerId}`}
            checked={value === SLIDER_NOT_RATED}
            disabled={disabled}
            onChange={(event) => onChange(afterNotRatedToggle(value, event.currentTarget.checked))}
          />
          <span lang={contentLang}>{notRatedCaption}</span>
          <span className="visually-hidden"> ({text})</span>
        </label>
      )}
    </div>
  );
}

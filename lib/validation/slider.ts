import { bcp47, type Language } from '@/lib/api/languages';

/**
 * Spec §4 and §9: an item not answered yet is -1, an item not rated is -2. The slider's controls
 * write these, so a product with the slider view takes its not-rated value from here
 * (lib/flows/products.ts), and this module stays free of the product table that imports it.
 */
export const SLIDER_UNSET = -1;
export const SLIDER_NOT_RATED = -2;
/** Spec §9: the slider runs from 0 to 100 when the scale names no values. */
export const SLIDER_DEFAULT_MAX = 100;

/** The slider runs from 0 to the largest configured value (spec §4). */
export function sliderMax(configuredValues: readonly number[]): number {
  const values = configuredValues.filter((value) => Number.isFinite(value) && value > 0);
  return values.length > 0 ? Math.max(...values) : SLIDER_DEFAULT_MAX;
}

export type SliderRule = { max: number; notRatedAllowed: boolean; lenient?: boolean };

/** A value a slider item may be saved with: any whole value 0 … max, or -2 where not rated is allowed. */
export function isSliderValue(value: number, rule: Pick<SliderRule, 'max' | 'notRatedAllowed'>): boolean {
  if (value === SLIDER_NOT_RATED) return rule.notRatedAllowed;
  return Number.isInteger(value) && value >= 0 && value <= rule.max;
}

/**
 * Product 4 (spec §4, §5): Next needs every item of the question set or not rated. As with the
 * grids, going back (the lenient check) accepts a question left wholly unset, but not one set in part.
 */
export function isSliderQuestionValid(values: readonly number[], rule: SliderRule): boolean {
  if (values.length === 0) return false;
  const unset = values.filter((value) => value === SLIDER_UNSET).length;
  if (unset === values.length) return rule.lenient === true;
  if (unset > 0) return false;
  return values.every((value) => isSliderValue(value, rule));
}

/** In a failed slider question, the items still unset (or holding a value outside the scale) are highlighted. */
export function sliderItemsToMark(values: readonly number[], rule: Pick<SliderRule, 'max' | 'notRatedAllowed'>): boolean[] {
  return values.map((value) => !isSliderValue(value, rule));
}

/**
 * The 'not rated' checkbox (spec §4): ticking sets -2; unticking while at -2 resets the item to
 * unset (-1), so that it must be set again; unticking at any other value changes nothing.
 */
export function afterNotRatedToggle(value: number, ticked: boolean): number {
  if (ticked) return SLIDER_NOT_RATED;
  return value === SLIDER_NOT_RATED ? SLIDER_UNSET : value;
}

/** Where the thumb stands: a negative value (unset, not rated) at 0, where a native range rests. */
export function shownSliderValue(value: number, max: number): number {
  if (value < 0) return 0;
  return Math.min(value, max);
}

/**
 * "At slider start a value other than 0 is re-applied" (spec §4). When the participant starts on a
 * slider (pointer down), the position the slider shows becomes the item's value, unless that
 * position is 0: an unset or not-rated item rests at 0, and only moving it (or a key) sets it.
 */
export function valueAtSliderStart(value: number, shown: number): number {
  return shown !== 0 ? shown : value;
}

/** Page Up and Page Down move by a tenth of the scale (at least 1), as the WAI-ARIA slider pattern suggests. */
export function sliderBigStep(max: number): number {
  return Math.max(1, Math.round(max / 10));
}

/**
 * The value a key sets on a slider, where the slider decides it rather than the browser; undefined
 * leaves the key to the native range. Page Up and Page Down move by sliderBigStep in every browser
 * alike. On an item that is unset or not rated the thumb rests at 0, so the keys that move down (or
 * to the start) would leave a native range unchanged and fire nothing: they set 0, so that every
 * slider can be rated 0 by keyboard alone.
 */
export function valueForKey(key: string, value: number, max: number): number | undefined {
  const big = sliderBigStep(max);
  const from = shownSliderValue(value, max);
  if (key === 'PageUp') return Math.min(max, value < 0 ? big : from + big);
  if (key === 'PageDown') return Math.max(0, from - big);
  if (value < 0 && ['Home', 'ArrowLeft', 'ArrowDown'].includes(key)) return 0;
  return undefined;
}

/** The five colour bands of the progress (spec §4): up to 20, 21–40, 41–60, 61–80, above 80. */
export type ProgressBand = 1 | 2 | 3 | 4 | 5;

export function progressPercent(currentPage: number, totalPages: number): number {
  if (!(totalPages > 0)) return 0;
  return Math.round((100 * Math.min(Math.max(currentPage, 0), totalPages)) / totalPages);
}

export function progressBand(percent: number): ProgressBand {
  if (percent <= 20) return 1;
  if (percent <= 40) return 2;
  if (percent <= 60) return 3;
  if (percent <= 80) return 4;
  return 5;
}

type PointWords = { notRated: string; unset: string; one: string; few?: string; other: string };

/**
 * The point captions per language (spec §9: German 'nicht bewertet', Punkt for 1, Punkte
 * otherwise). Each language's plural rule picks the word (French says '0 point', Czech has 'body'
 * for 2–4). An unset item (-1) says so in words of its own: it is not 'not rated', and a screen
 * reader must tell the two apart.
 */
export const POINT_WORDS: Record<Language, PointWords> = {
  'de-DE': { notRated: 'nicht bewertet', unset: 'noch nicht eingestellt', one: 'Punkt', other: 'Punkte' },
  'en-US': { notRated: 'not rated', unset: 'not set yet', one: 'point', other: 'points' },
  'fr-FR': { notRated: 'non évalué', unset: 'pas encore réglé', one: 'point', other: 'points' },
  'it-IT': { notRated: 'non valutato', unset: 'non ancora impostato', one: 'punto', other: 'punti' },
  'cz-CZ': { notRated: 'nehodnoceno', unset: 'zatím nenastaveno', one: 'bod', few: 'body', other: 'bodů' },
};

/** The words of a value caption before its '=' ('trifft voll zu = 100' → 'trifft voll zu'); the whole caption when it has none. */
export function captionLabel(caption: string | null | undefined): string {
  return (caption ?? '').split('=')[0]!.trim();
}

/**
 * The point caption of a value (spec §9): 'nicht bewertet' for not rated, else the value with
 * Punkt or Punkte, followed by the words of the value caption of exactly this value, if any.
 */
export function pointCaption(value: number, language: Language, valueCaption?: string | null): string {
  const words = POINT_WORDS[language];
  if (value === SLIDER_UNSET) return words.unset;
  if (value < 0) return words.notRated;
  const plural = new Intl.PluralRules(bcp47(language)).select(value);
  const unit = plural === 'one' ? words.one : plural === 'few' && words.few ? words.few : words.other;
  const label = captionLabel(valueCaption);
  return label ? `${value} ${unit}, ${label}` : `${value} ${unit}`;
}

/**
 * Autofill for testing (spec §5) is offered only on a local host: the loopback names and addresses
 * a participant's browser never uses to reach a deployed instance.
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** An autofilled value (spec §5: 0 to 99), from a random number in [0, 1). */
export function autofillValue(random: number): number {
  return Math.min(99, Math.max(0, Math.floor(random * 100)));
}

import type { Translation } from '@/lib/api/schemas/common';

/** How a missing translation key shows (spec §8). */
export function missingKey(name: string): string {
  return `KEY: ${name}`;
}

export function isMissing(text: string): boolean {
  return text.startsWith('KEY:');
}

/** For texts whose element shows only when the text exists (e.g. the rated-count overlay, spec §2). */
export function optionalText(text: string): string | undefined {
  return isMissing(text) ? undefined : text;
}

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** Page texts come from the page-info translations; {name} placeholders are filled from values. */
export function translator(translations: ReadonlyArray<Translation>): Translate {
  const table = new Map(translations.map((t) => [t.key, t.value]));
  return (key, values) => {
    const text = table.get(key);
    if (text === undefined || text === '') return missingKey(key);
    if (!values) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
  };
}

/** The language list from the 'Languages' translation: semicolon-separated value,label pairs. */
export function parseLanguageList(text: string): Array<{ value: string; label: string }> {
  if (isMissing(text)) return [];
  return text
    .split(';')
    .map((pair) => pair.split(','))
    .filter((parts): parts is [string, string] => parts.length >= 2 && !!parts[0]?.trim() && !!parts[1]?.trim())
    .map(([value, label]) => ({ value: value.trim(), label: label.trim() }));
}

import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@/lib/api/languages';
import { CATALOGUES, translationsFor } from '@/lib/embedded-api/translations';
import { isMissing, missingKey, optionalText, parseLanguageList, translator } from './translate';

describe('translator', () => {
  const t = translator([
    { key: 'Hello', value: 'Hallo {name}, Sie haben {count} Punkte. {name}!' },
    { key: 'Plain', value: 'Nur Text' },
    { key: 'Empty', value: '' },
    { key: 'Braces', value: 'Wert {missing} bleibt, {a-b} auch' },
  ]);

  it.each([
    ['Plain', undefined, 'Nur Text'],
    ['Hello', { name: 'Anna', count: 3 }, 'Hallo Anna, Sie haben 3 Punkte. Anna!'],
    ['Hello', { name: 'Anna' }, 'Hallo Anna, Sie haben {count} Punkte. Anna!'],
    ['Hello', undefined, 'Hallo {name}, Sie haben {count} Punkte. {name}!'],
    ['Hello', { name: '$& $1', count: 0 }, 'Hallo $& $1, Sie haben 0 Punkte. $& $1!'],
    ['Braces', { missing: 'x' }, 'Wert x bleibt, {a-b} auch'],
    ['Plain', { name: 'ignored' }, 'Nur Text'],
  ])('%s with %j → %p', (key, values, expected) => {
    expect(t(key, values)).toBe(expected);
  });

  it.each(['Unknown', 'Empty', 'plain', ''])('a missing (or empty) key %p shows as "KEY: name"', (key) => {
    expect(t(key)).toBe(`KEY: ${key}`);
    expect(isMissing(t(key))).toBe(true);
  });

  it.each(['toString', 'constructor'])('a placeholder {%s} without a value stays as written', (name) => {
    const text = `Wert {${name}}`;
    expect(translator([{ key: 'K', value: text }])('K', { other: 1 })).toBe(text);
  });

  it('an empty table translates nothing', () => {
    expect(translator([])('SignOutMessage')).toBe('KEY: SignOutMessage');
  });

  it('the last duplicate key wins', () => {
    expect(translator([{ key: 'A', value: 'first' }, { key: 'A', value: 'second' }])('A')).toBe('second');
  });

  it.each([
    ['KEY: x', true],
    ['KEY:', true],
    ['Schlüssel', false],
    ['key: lower case', false],
    [' KEY: leading space', false],
  ])('isMissing(%p) is %p', (text, expected) => {
    expect(isMissing(text)).toBe(expected);
  });

  // Spec §2: the grid's rated-count overlay shows 'when that text exists'; missing, it is not shown.
  it.each([
    ['Bewertet: {count} von {total}', 'Bewertet: {count} von {total}'],
    ['KEY: RatedCount', undefined],
  ])('optionalText(%p) is %p', (text, expected) => {
    expect(optionalText(text)).toBe(expected);
  });

  it('missingKey formats as the spec says', () => {
    expect(missingKey('ErrorCodeMsg_X')).toBe('KEY: ErrorCodeMsg_X');
  });
});

describe('parseLanguageList', () => {
  it.each<[string, Array<{ value: string; label: string }>]>([
    ['de-DE,Deutsch;en-US,English', [{ value: 'de-DE', label: 'Deutsch' }, { value: 'en-US', label: 'English' }]],
    [' de-DE , Deutsch ; cz-CZ,Čeština ;', [{ value: 'de-DE', label: 'Deutsch' }, { value: 'cz-CZ', label: 'Čeština' }]],
    ['de-DE,Deutsch;broken;,NoValue;NoLabel,;;en-US,English', [{ value: 'de-DE', label: 'Deutsch' }, { value: 'en-US', label: 'English' }]],
    ['', []],
    ['KEY: Languages', []],
  ])('%p', (text, expected) => {
    expect(parseLanguageList(text)).toEqual(expected);
  });

  it.each(LANGUAGES.map((l) => [l]))('the embedded %s catalogue offers all five languages', (language) => {
    const list = parseLanguageList(translator(translationsFor(language))('Languages'));
    expect(list.map((entry) => entry.value)).toEqual([...LANGUAGES]);
  });
});

/** Flattened dot paths of a nested message file, with their texts. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) for (const [k, v] of flatten(inner, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  } else {
    out.set(prefix, value);
  }
  return out;
}

const placeholders = (text: unknown) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('messages/*.json (the app\'s own texts)', () => {
  const dir = path.join(process.cwd(), 'messages');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
  const reference = flatten(JSON.parse(fs.readFileSync(path.join(dir, 'de-DE.json'), 'utf8')));

  it('there is one file per language', () => {
    expect(files.sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
  });

  it.each(files)('%s has exactly the keys of de-DE.json, each a non-empty text with the same placeholders', (file) => {
    const messages = flatten(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
    expect([...messages.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [key, text] of messages) {
      expect({ key, type: typeof text }).toEqual({ key, type: 'string' });
      expect({ key, empty: (text as string).trim() === '' }).toEqual({ key, empty: false });
      expect({ key, placeholders: placeholders(text) }).toEqual({ key, placeholders: placeholders(reference.get(key)) });
    }
  });
});

describe('embedded API translation catalogues', () => {
  const reference = Object.keys(CATALOGUES['de-DE']).sort();

  it('there is one catalogue per language', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.map((l) => [l]))('%s has exactly the keys of de-DE and no empty values', (language) => {
    const catalogue = CATALOGUES[language] as Record<string, string>;
    expect(Object.keys(catalogue).sort()).toEqual(reference);
    for (const [key, value] of Object.entries(catalogue)) {
      expect({ key, empty: typeof value !== 'string' || value.trim() === '' }).toEqual({ key, empty: false });
    }
  });

  it.each(LANGUAGES.map((l) => [l]))('%s: translationsFor lists every key once as key/value pairs', (language) => {
    const list = translationsFor(language);
    expect(list.map((entry) => entry.key).sort()).toEqual(reference);
    expect(new Set(list.map((entry) => entry.key)).size).toBe(list.length);
  });

  it('the non-German catalogues are translated, not copies of German', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'de-DE')) {
      expect(CATALOGUES[language].SignOutMessage).not.toBe(CATALOGUES['de-DE'].SignOutMessage);
    }
  });
});

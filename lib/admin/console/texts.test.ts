import { CONSOLE_TEXTS } from './texts';
import { CONSOLE_LANGUAGES } from './language';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

describe('console texts', () => {
  it.each(Object.keys(CONSOLE_TEXTS))('%s: every language has every key, none empty', (area) => {
    const texts = CONSOLE_TEXTS[area as keyof typeof CONSOLE_TEXTS] as Record<string, unknown>;
    expect(Object.keys(texts).sort()).toEqual([...CONSOLE_LANGUAGES].sort());
    const german = keysOf(texts.de).sort();
    for (const language of CONSOLE_LANGUAGES) {
      expect(keysOf(texts[language]).sort()).toEqual(german);
      for (const key of german) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts[language]);
        expect(typeof text === 'string' && text.trim().length > 0).toBe(true);
      }
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
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

/** Names repeated within one object of a JSON file: JSON.parse keeps the last, and the first text is lost unseen. */
function repeatedKeys(text: string): string[] {
  const repeated: string[] = [];
  const stack: Array<Set<string>> = [];
  // Strings (keys and values alike) and the braces that open and close objects; arrays hold no keys here.
  for (const match of text.matchAll(/"((?:[^"\\]|\\.)*)"(\s*:)?|[{}]/g)) {
    if (match[0] === '{') stack.push(new Set());
    else if (match[0] === '}') stack.pop();
    else if (match[2]) {
      const keys = stack.at(-1)!;
      if (keys.has(match[1]!)) repeated.push(match[1]!);
      keys.add(match[1]!);
    }
  }
  return repeated;
}

describe('message files', () => {
  const files = ['messages', 'messages/console'].flatMap((dir) => fs.readdirSync(dir).filter((name) => name.endsWith('.json')).map((name) => path.join(dir, name)));

  it('are all read', () => {
    expect(files).toEqual(expect.arrayContaining(['messages/de-DE.json', 'messages/console/assessments.json']));
  });

  it.each(files)('%s names no key twice in one object', (file) => {
    expect(repeatedKeys(fs.readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('finds a repeated key (the check can fail)', () => {
    expect(repeatedKeys('{"de": {"created": "Erstellt", "n": {"created": "x"}, "created": "{count} angelegt"}, "en": {"created": "Created"}}')).toEqual(['created']);
  });
});

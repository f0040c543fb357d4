/** The console's languages: German by default, as the product; English for operators who prefer it. */
export const CONSOLE_LANGUAGES = ['de', 'en'] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

export function isConsoleLanguage(value: unknown): value is ConsoleLanguage {
  return typeof value === 'string' && (CONSOLE_LANGUAGES as readonly string[]).includes(value);
}

/** The chosen language, else the browser's first of ours (Accept-Language, in its order), else German. */
export function consoleLanguageOf(chosen: string | undefined, acceptLanguage: string | null | undefined): ConsoleLanguage {
  if (isConsoleLanguage(chosen)) return chosen;
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { language: (tag ?? '').toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return wanted.map((entry) => entry.language).find(isConsoleLanguage) ?? 'de';
}

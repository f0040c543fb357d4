import type { ConsoleLanguage } from '@/lib/admin/console/language';
import { consoleTranslator } from '@/lib/admin/console/texts';

/** A console page's document title ("<page> – Konsole") and its one h1, from one text. */
export function ConsoleHeading({ title, language }: { title: string; language: ConsoleLanguage }) {
  return (
    <>
      <title>{`${title} – ${consoleTranslator(language, 'common')('console')}`}</title>
      <h1>{title}</h1>
    </>
  );
}

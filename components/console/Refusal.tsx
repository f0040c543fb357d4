import type { ConsoleRefusal } from '@/lib/admin/console/guard';
import type { ConsoleLanguage } from '@/lib/admin/console/language';
import { consoleTranslator } from '@/lib/admin/console/texts';
import styles from './Console.module.css';

/** What a page shows to a role that may not see it. */
export function Refusal({ refusal, language }: { refusal: ConsoleRefusal; language: ConsoleLanguage }) {
  const t = consoleTranslator(language, 'common');
  return (
    <>
      <title>{`${t('error')} – ${t('console')}`}</title>
      <h1>{t('error')}</h1>
      <p role="alert" className={styles.error}>{t(`refusal.${refusal.problem}`)}</p>
    </>
  );
}

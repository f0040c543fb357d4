import { getTranslations } from 'next-intl/server';
import { isMissing } from '@/lib/i18n/translate';
import { ImprintButton } from './ImprintButton';
import { loadHeaderFooter } from './headerFooter';
import styles from './Footer.module.css';

/** The footer area: copyright line and the imprint modal. */
export async function Footer() {
  const [t, tModal, info] = await Promise.all([getTranslations('footer'), getTranslations('modal'), loadHeaderFooter()]);
  const imprintTitle = info.t('ImprintTitle');
  const imprintText = info.t('ImprintText');
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.copyright}>{t('copyright', { year: new Date().getFullYear() })}</p>
        <ImprintButton
          label={t('imprint')}
          title={isMissing(imprintTitle) ? t('imprint') : imprintTitle}
          text={isMissing(imprintText) ? t('imprintFallback') : imprintText}
          closeLabel={tModal('close')}
        />
      </div>
    </footer>
  );
}

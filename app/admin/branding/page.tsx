import { logoFactsText, showBranding, THEMES } from '@/lib/admin/branding';
import { pageSession } from '@/lib/admin/console/request';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { LOGO_MAX_BYTES, LOGO_MAX_SIDE } from '@/lib/admin/logoImage';
import { mayDo } from '@/lib/admin/operators/roles';
import { logoDataUrl } from '@/lib/validation/branding';
import { ConsoleForm } from '@/components/console/ConsoleForm';
import { LimitedFileInput } from '@/components/console/LimitedFileInput';
import { Refusal } from '@/components/console/Refusal';
import styles from '@/components/console/Console.module.css';
import own from './Branding.module.css';
import { removeLogoAction, setThemeAction, uploadLogoAction } from './actions';

export const dynamic = 'force-dynamic';

/** The participants' logo and theme; an owner changes them here as `branding set` does. */
export default async function BrandingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const page = await pageSession('brandingRead');
  if ('refusal' in page) return <Refusal refusal={page.refusal} language={page.request.language} />;
  const t = consoleTranslator(page.language, 'branding');
  const branding = await showBranding(page.db);
  const size = `${new Intl.NumberFormat(page.language).format(LOGO_MAX_BYTES / 1024)} KB`;
  const format = new Intl.DateTimeFormat(page.language, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Berlin' });
  const owner = mayDo(page.session.role, 'brandingSet');
  const removed = (await searchParams).removed !== undefined && !branding.logo;
  return (
    <>
      <title>{`${t('title')} – ${consoleTranslator(page.language, 'common')('console')}`}</title>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      {removed && <p role="status" className={styles.notice}>{t('removed')}</p>}
      <section className={styles.section} aria-labelledby="branding-current">
        <h2 id="branding-current" className={own.first}>{t('currentTitle')}</h2>
        {branding.logo ? (
          <figure className={own.preview}>
            {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL from the database, not an optimisable asset */}
            <img src={logoDataUrl({ extension: branding.logo.type, dataBase64: branding.logo.dataBase64 })} alt={t('logoAlt')} className={own.logo} />
            <figcaption>{logoFactsText(t, page.language, branding.logo)}</figcaption>
          </figure>
        ) : (
          <p>{t('logoNone')}</p>
        )}
        <p>{t('currentTheme', { theme: t(`theme.${branding.theme}`) })}</p>
        {branding.updatedAt && (
          <p className={styles.hint}>
            {t('updatedAt')} <time dateTime={branding.updatedAt.toISOString()}>{format.format(branding.updatedAt)}</time>
          </p>
        )}
      </section>
      {owner && (
        <>
          <section className={styles.section} aria-labelledby="branding-theme-title">
            <h2 id="branding-theme-title" className={own.first}>{t('themeTitle')}</h2>
            <ConsoleForm id="branding-theme" action={setThemeAction} pageAddress={page.pageAddress} submitLabel={t('themeSubmit')} xsrf={page.xsrf}>
              <fieldset className={styles.choices} aria-describedby="branding-theme-hint">
                <legend>{t('themeLegend')}</legend>
                {THEMES.map((theme) => (
                  <label key={theme} className={styles.choice}>
                    <input type="radio" name="theme" value={theme} defaultChecked={theme === branding.theme} required /> {t(`theme.${theme}`)}
                  </label>
                ))}
              </fieldset>
              <p id="branding-theme-hint" className={styles.hint}>{t('themeHint')}</p>
            </ConsoleForm>
          </section>
          <section className={styles.section} aria-labelledby="branding-logo-title">
            <h2 id="branding-logo-title" className={own.first}>{t('logoTitle')}</h2>
            <ConsoleForm id="branding-logo" action={uploadLogoAction} pageAddress={page.pageAddress} submitLabel={t('logoSubmit')} xsrf={page.xsrf}>
              <div className={styles.field}>
                <label htmlFor="branding-file">{t('file')}</label>
                <LimitedFileInput
                  id="branding-file"
                  accept="image/png,image/jpeg"
                  maxBytes={LOGO_MAX_BYTES}
                  tooLarge={t('problem.tooLarge', { size: `> ${size}`, limit: size })}
                  describedBy="branding-file-hint branding-logo-message"
                />
                <p id="branding-file-hint" className={styles.hint}>{t('fileHint', { size, side: LOGO_MAX_SIDE })}</p>
              </div>
            </ConsoleForm>
          </section>
          {branding.logo && (
            <section className={styles.section} aria-labelledby="branding-remove-title">
              <h2 id="branding-remove-title" className={own.first}>{t('removeTitle')}</h2>
              <p>{t('removeHint')}</p>
              <ConsoleForm id="branding-remove" action={removeLogoAction} pageAddress={page.pageAddress} submitLabel={t('removeSubmit')} xsrf={page.xsrf} danger />
            </section>
          )}
        </>
      )}
    </>
  );
}

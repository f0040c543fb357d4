import { headers } from 'next/headers';
import { withBasePath } from '@/lib/edge/basePath.mjs';
import { getTranslations } from 'next-intl/server';
import { isSupportedBrowser } from '@/lib/browser/support';
import { parseLanguageList } from '@/lib/i18n/translate';
import { PAGE_ADDRESS_HEADER } from '@/lib/security/csp';
import { getClaims, getSession } from '@/lib/session/server';
import { BeforeUnloadGuard } from './UnsavedAnswers';
import { LanguageSelector } from './LanguageSelector';
import { SignOutButton } from './SignOutButton';
import { loadHeaderFooter } from './headerFooter';
import styles from './Header.module.css';

/** The header area: old-browser warning, logo, welcome line and sign-out, language selector. */
export async function Header() {
  const [t, session, claims, info, requestHeaders] = await Promise.all([
    getTranslations('header'),
    getSession(),
    getClaims(),
    loadHeaderFooter(),
    headers(),
  ]);
  const tOld = await getTranslations('oldBrowser');
  const loggedIn = Boolean(session.token) && claims.isLoggedIn;
  // Where the header's forms post before the scripts run: this page (proxy.ts sets it on every page request).
  const pageAddress = requestHeaders.get(PAGE_ADDRESS_HEADER) ?? withBasePath('/');
  // Both must allow it: the session (hidden after sign-out, spec §4) and the header/footer answer (spec §2).
  const languages = session.showLanguageSelection && info.showLanguageSelection ? parseLanguageList(info.t('Languages')) : [];
  return (
    <header className={styles.header}>
      <BeforeUnloadGuard />
      {!isSupportedBrowser(requestHeaders.get('user-agent')) && (
        <p className={styles.oldBrowser} role="alert" lang="de">
          {tOld('text')}
        </p>
      )}
      <div className={styles.bar}>
        {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL from the upstream, not an optimisable asset */}
        <img className={styles.logo} src={withBasePath(info.logoSrc)} alt={t('logoAlt')} height={48} />
        <div className={styles.tools}>
          {loggedIn && (
            <div className={styles.user}>
              {/* A group participant has no name (lib/embedded-api/handlers/groupLogin.ts). */}
              <p className={styles.welcome}>{session.username ? t('welcome', { username: session.username }) : t('welcomeWithoutName')}</p>
              <SignOutButton label={t('signOut')} pageAddress={pageAddress} />
            </div>
          )}
          {languages.length > 1 && <LanguageSelector label={t('language')} apply={t('applyLanguage')} current={session.uiLanguage} languages={languages} pageAddress={pageAddress} />}
        </div>
      </div>
    </header>
  );
}

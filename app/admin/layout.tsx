import type { ReactNode } from 'react';
import { consoleRequest, sessionLimitsOf } from '@/lib/admin/console/request';
import { sessionOf } from '@/lib/admin/operators/sessions';
import { consoleTranslator, type ConsoleT } from '@/lib/admin/console/texts';
import { CONSOLE_SECTIONS, currentSection } from '@/lib/admin/console/nav';
import { CONSOLE_LANGUAGES } from '@/lib/admin/console/language';
import { belowBasePath, withBasePath } from '@/lib/edge/basePath.mjs';
import { ConsoleForm } from '@/components/console/ConsoleForm';
import styles from '@/components/console/Console.module.css';
import { chooseConsoleLanguage, signOut } from './actions';

export const dynamic = 'force-dynamic';

/**
 * The console's frame: who is signed in, the language, sign-out and the sections. Pages check the
 * session themselves (lib/admin/console/request.ts, pageSession): a layout is not rendered again on
 * every navigation, so it must not be what guards them.
 */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const request = await consoleRequest();
  const session = await sessionOf(request.db, request.cookie, sessionLimitsOf(request.config));
  const t = consoleTranslator(request.language, 'common');
  const path = belowBasePath(request.pageAddress.split('?')[0] ?? '/admin', request.config.BASE_PATH) ?? '/admin';
  const current = currentSection(path);
  return (
    <>
      <a className="skip-link" href="#console-main">
        {t('skipToContent')}
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <p className={styles.brand}>
            {t('product')} · {t('console')}
          </p>
          <div className={styles.account}>
            <ConsoleLanguage language={request.language} pageAddress={request.pageAddress} t={t} />
            {session && (
              <>
                <span>{t('signedInAs', { email: session.email, role: t(`role.${session.role}`) })}</span>
                <ConsoleForm id="console-signout" action={signOut} pageAddress={request.pageAddress} submitLabel={t('signOut')} inline />
              </>
            )}
          </div>
        </div>
      </header>
      {session && (
        <nav className={styles.nav} aria-label={t('navigation')}>
          <ul className={styles.navList}>
            {CONSOLE_SECTIONS.map((section) => (
              <li key={section.href}>
                <a href={withBasePath(section.href)} aria-current={section.href === current ? 'page' : undefined}>
                  {consoleTranslator(request.language, section.area)('nav')}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <main id="console-main" className={styles.main} tabIndex={-1}>
        {session?.role === 'viewer' && <p className={styles.muted}>{t('viewerNote')}</p>}
        {children}
      </main>
    </>
  );
}

function ConsoleLanguage({ language, pageAddress, t }: { language: string; pageAddress: string; t: ConsoleT }) {
  return (
    <ConsoleForm id="console-language" action={chooseConsoleLanguage} pageAddress={pageAddress} submitLabel={t('change')} inline>
      <label className={styles.inlineForm}>
        {t('language')}
        <select name="language" defaultValue={language}>
          {CONSOLE_LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {t(`languageName.${code}`)}
            </option>
          ))}
        </select>
      </label>
    </ConsoleForm>
  );
}

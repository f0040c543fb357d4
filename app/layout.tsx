import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { bcp47 } from '@/lib/api/languages';
import { getConfig } from '@/lib/config';
import { decodeClaims, tokenExpiresAt } from '@/lib/session/claims';
import { getSession } from '@/lib/session/server';
import { Header } from '@/components/chrome/Header';
import { Footer } from '@/components/chrome/Footer';
import { UnsavedAnswersProvider } from '@/components/chrome/UnsavedAnswers';
import { ModalProvider } from '@/components/modal/ModalProvider';
import { ChromeTextsProvider } from '@/components/chrome/ChromeTexts';
import { HydrationMark } from '@/components/chrome/HydrationMark';
import { EarlyFormCapture } from '@/components/form/EarlyFormCapture';
import { RouteFocus } from '@/components/chrome/RouteFocus';
import { loadHeaderFooter } from '@/components/chrome/headerFooter';
import { SessionTimeout, type SessionTimeoutTexts } from '@/components/session/SessionTimeout';
import './globals.css';
import { withBasePath } from '@/lib/edge/basePath.mjs';
import { CONSOLE_HEADER } from '@/lib/admin/console/paths';
import { ConsoleDocument } from '@/components/console/ConsoleDocument';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  // No title here: every page renders its own <PageTitle> (React puts it into <head>).
  return { description: t('description'), icons: { icon: withBasePath('/logo.svg') } };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#0b5cad' };

const SESSION_TEXTS = ['warningTitle', 'warningText', 'answersKept', 'stay', 'endedTitle', 'endedText', 'endedButton', 'extendFailed', 'minutes', 'seconds'] as const;

/** Raw, not formatted: {time} and {count} are filled in on the client as the countdown runs. */
function sessionTexts(raw: (key: string) => unknown): SessionTimeoutTexts {
  return Object.fromEntries(SESSION_TEXTS.map((key) => [key, raw(key)])) as SessionTimeoutTexts;
}

/**
 * Only a signed-in session that is running is announced: before the login (on /accesscode) there is
 * nothing to stay signed in to, and a token that expired before this page was asked for (the
 * participant opens their link again) ends nothing here.
 */
function runningSession(token: string | undefined): { now: number; timed: boolean } {
  const now = Date.now();
  const expiresAt = tokenExpiresAt(token);
  return { now, timed: expiresAt !== undefined && expiresAt > now && decodeClaims(token).isLoggedIn };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The operator console has a document of its own (proxy.ts marks its requests).
  if ((await headers()).get(CONSOLE_HEADER) === '1') return <ConsoleDocument>{children}</ConsoleDocument>;
  const [session, t, tModal, tError, tSession, info] = await Promise.all([
    getSession(),
    getTranslations('header'),
    getTranslations('modal'),
    getTranslations('errorPage'),
    getTranslations('session'),
    loadHeaderFooter(),
  ]);
  const chromeTexts = {
    errorTitle: tModal('errorTitle'),
    close: tModal('close'),
    renderErrorTitle: tError('title'),
    // {id} is filled in on the client with the error's digest.
    internalError: tError.raw('internal') as string,
  };
  const { now, timed } = runningSession(session.token);
  return (
    <html lang={bcp47(session.uiLanguage)}>
      <body data-theme={info.theme}>
        <EarlyFormCapture />
        <ChromeTextsProvider value={chromeTexts}>
          <ModalProvider>
            <UnsavedAnswersProvider>
              <a className="skip-link" href="#main">
                {t('skipToContent')}
              </a>
              <Header />
              <main id="main" className="main" tabIndex={-1}>
                {children}
              </main>
              <Footer />
              <HydrationMark />
              <RouteFocus />
              {/* Beside the page, not around it: a sign-out that ends the timing must not rebuild the page. */}
              {timed && (
                <SessionTimeout
                  serverNow={now}
                  warnBeforeSeconds={getConfig().SESSION_WARNING_SECONDS}
                  language={session.uiLanguage}
                  {...(session.signInPath && { signInPath: session.signInPath })}
                  texts={sessionTexts(tSession.raw)}
                />
              )}
            </UnsavedAnswersProvider>
          </ModalProvider>
        </ChromeTextsProvider>
      </body>
    </html>
  );
}

import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { bcp47 } from '@/lib/api/languages';
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
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  // No title here: every page renders its own <PageTitle> (React puts it into <head>).
  return { description: t('description'), icons: { icon: '/logo.svg' } };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#0b5cad' };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [session, t, tModal, tError, info] = await Promise.all([
    getSession(),
    getTranslations('header'),
    getTranslations('modal'),
    getTranslations('errorPage'),
    loadHeaderFooter(),
  ]);
  const chromeTexts = {
    errorTitle: tModal('errorTitle'),
    close: tModal('close'),
    renderErrorTitle: tError('title'),
    // {id} is filled in on the client with the error's digest.
    internalError: tError.raw('internal') as string,
  };
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
            </UnsavedAnswersProvider>
          </ModalProvider>
        </ChromeTextsProvider>
      </body>
    </html>
  );
}

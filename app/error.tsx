'use client';

import { useChromeTexts } from '@/components/chrome/ChromeTexts';
import { PageTitle } from '@/components/chrome/PageTitle';

/**
 * A render that failed unexpectedly: the participant gets the spec's internal-error message with
 * the digest as detail code (the server log has the same digest), never a stack trace.
 */
export default function RenderError({ error }: { error: Error & { digest?: string } }) {
  const texts = useChromeTexts();
  return (
    <section className="card card-narrow status-page" aria-labelledby="render-error-title">
      <PageTitle parts={[texts.renderErrorTitle]} />
      <h1 id="render-error-title" className="page-title">
        {texts.renderErrorTitle}
      </h1>
      <p className="status-page-message" role="alert">
        {texts.internalError.replace('{id}', error.digest ?? '')}
      </p>
    </section>
  );
}

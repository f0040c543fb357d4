import { loadPage } from '@/lib/upstream/pageInfo';
import { PageTitle } from '@/components/chrome/PageTitle';
import { ClearSessionOnMount } from '@/components/session/ClearSessionOnMount';

/** The finished message; the session and its token are cleared (spec §4). */
export default async function FinishedQuestionnairePage() {
  // Finishing ended the session: no token is needed, and none is stored again (no commit element).
  const { t } = await loadPage('pageinfo', { needsToken: false, extras: { category: 'finishedquestionnaire' } });
  return (
    <section className="card card-narrow status-page" aria-labelledby="finished-title">
      <PageTitle parts={[t('FinishedTitle')]} />
      <svg aria-hidden="true" viewBox="0 0 48 48" width="64" height="64">
        <circle cx="24" cy="24" r="22" fill="var(--color-primary-soft)" />
        <path d="M14 25l7 7 13-15" fill="none" stroke="var(--color-primary)" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h1 id="finished-title" className="page-title">
        {t('FinishedTitle')}
      </h1>
      <p className="lead">{t('FinishedText')}</p>
      <ClearSessionOnMount />
    </section>
  );
}

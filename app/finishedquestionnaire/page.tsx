import { loadPage } from '@/lib/upstream/pageInfo';
import { optionalText } from '@/lib/i18n/translate';
import { PageTitle } from '@/components/chrome/PageTitle';
import { ClearSessionOnMount } from '@/components/session/ClearSessionOnMount';

/**
 * The finished message; the session and its token are cleared (spec §4). Where the operator set a
 * retention notice for the questionnaire (RetentionNotice), it says how long the answers are kept:
 * server-rendered text, no script.
 */
export default async function FinishedQuestionnairePage() {
  // Finishing ended the session: no token is needed, and none is stored again (no commit element).
  // The token that finished is sent once, so that the upstream knows whose retention notice applies.
  const { t } = await loadPage('pageinfo', { needsToken: false, finishedToken: true, extras: { category: 'finishedquestionnaire' } });
  const retentionNotice = optionalText(t('RetentionNotice'));
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
      {retentionNotice && <p className="status-page-info">{retentionNotice}</p>}
      <ClearSessionOnMount />
    </section>
  );
}

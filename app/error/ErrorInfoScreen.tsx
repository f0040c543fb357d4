import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { errorPageLogin, errorPageMessage, errorPageStart, isSignOutRecord } from '@/lib/flows/errorPage';
import { parseErrorRecord } from '@/lib/flows/errorRecord';
import { keptProduct } from '@/lib/session/claims';
import { loadPage } from '@/lib/upstream/pageInfo';
import { PageTitle } from '@/components/chrome/PageTitle';
import { ClearSessionOnMount } from '@/components/session/ClearSessionOnMount';
import { IdentCodeForm } from '@/components/identcode/IdentCodeForm';
import { withBasePath } from '@/lib/edge/basePath.mjs';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The error page, which is also the info page (spec §2, §8): title, the message for the stored
 * error record, and for product 4 the way back to the group login. The session is cleared after.
 * Without a stored error it is where / leads: it says how to start and shows the ident-code form.
 */
export async function ErrorInfoScreen({ searchParams }: { searchParams: SearchParams }) {
  const record = parseErrorRecord(await searchParams);
  const start = errorPageStart(record);
  const [{ t, session, commit }, tPage] = await Promise.all([
    // Without a record this is the ident-code form, so a signed-in participant goes on.
    loadPage('pageinfo/error', { needsToken: false, errors: 'maintenance', ...(start === 'identCodeForm' && { loginPage: '/home' as const }) }),
    getTranslations('errorPage'),
  ]);

  if (start === 'identCodeForm') {
    // All its texts from messages/: an upstream's error-page catalogue need not hold the start
    // form's (those are /home's), and / must never show 'KEY: …'.
    return (
      <>
        <PageTitle parts={[tPage('startTitle')]} />
        {/* Only here: the error and info screens clear the session, a renewed token with it. */}
        {commit}
        <IdentCodeForm
          initialCode=""
          texts={{
            title: tPage('startTitle'),
            text: tPage('startText'),
            loading: tPage('startLoading'),
            label: tPage('startLabel'),
            submit: tPage('startSubmit'),
            required: tPage('startRequired'),
          }}
        />
      </>
    );
  }

  const message = errorPageMessage(record, t, {
    internal: (id) => tPage('internal', { id }),
    noDatabase: (id) => tPage('noDatabase', { id }),
    cookiesMissing: tPage('cookiesMissing'),
    typedCodeInvalid: tPage('typedCodeInvalid'),
    typedCodeExpired: tPage('typedCodeExpired'),
  });
  const info = isSignOutRecord(record);
  // The token's product, or the one kept when the session lost its token (this page clears it).
  const login = errorPageLogin(keptProduct(session));
  const title = info ? t('InfoPageTitle') : t('ErrorPageTitle');
  return (
    <section className="card card-narrow status-page" aria-labelledby="error-title">
      <PageTitle parts={[title]} />
      <h1 id="error-title" className="page-title">
        {title}
      </h1>
      {message && (
        <p className={info ? 'status-page-info' : 'status-page-message'} role={info ? 'status' : 'alert'}>
          {message}
        </p>
      )}
      {start === 'typeAgain' && (
        <Link className="button button-primary" href="/home">
          {tPage('typeAgain')}
        </Link>
      )}
      {login && (
        <a className="button button-primary" href={withBasePath(login)}>
          {t('LoginButton')}
        </a>
      )}
      <ClearSessionOnMount />
    </section>
  );
}

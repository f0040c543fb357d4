import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Product } from '@/lib/api/codes';
import { errorPageMessage, isSignOutRecord, parseErrorRecord } from '@/lib/flows/errorPage';
import { translator } from '@/lib/i18n/translate';
import { loadPageInfo } from '@/lib/upstream/pageInfo';
import { ClearSessionOnMount } from '@/components/session/ClearSessionOnMount';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The error page, which is also the info page (spec §2, §8): title, the message for the stored
 * error record, and for product 4 the way back to the group login. The session is cleared after.
 */
export async function ErrorInfoScreen({ searchParams }: { searchParams: SearchParams }) {
  const record = parseErrorRecord(await searchParams);
  const { response, claims } = await loadPageInfo('pageinfo/error');
  if (response.translations.length === 0) redirect('/maintenance');
  const t = translator(response.translations);
  const tPage = await getTranslations('errorPage');
  const message = errorPageMessage(record, t, {
    internal: (id) => tPage('internal', { id }),
    noDatabase: (id) => tPage('noDatabase', { id }),
  });
  const info = isSignOutRecord(record);
  return (
    <section className="card card-narrow status-page" aria-labelledby="error-title">
      <h1 id="error-title" className="page-title">
        {info ? t('InfoPageTitle') : t('ErrorPageTitle')}
      </h1>
      {message && (
        <p className={info ? 'status-page-info' : 'status-page-message'} role={info ? 'status' : 'alert'}>
          {message}
        </p>
      )}
      {claims.product === Product.GroupWeb && (
        <a className="button button-primary" href="/kodew">
          {t('LoginButton')}
        </a>
      )}
      <ClearSessionOnMount />
    </section>
  );
}

import { getTranslations } from 'next-intl/server';
import { PageTitle } from '@/components/chrome/PageTitle';

/** Any unknown path: the 404 page, with HTTP status 404. */
export default async function NotFound() {
  const t = await getTranslations('notFound');
  return (
    <section className="card card-narrow status-page" aria-labelledby="not-found-title">
      <PageTitle parts={[t('title')]} />
      <p className="status-page-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="page-title">
        {t('text')}
      </h1>
    </section>
  );
}

import { getTranslations } from 'next-intl/server';
import { PageTitle } from './PageTitle';

/** A page of a title and one paragraph from the chrome messages (support, header area, footer area). */
export async function TextPage({ namespace }: { namespace: 'support' | 'headerArea' | 'footerArea' }) {
  const t = await getTranslations(namespace);
  const titleId = `${namespace}-title`;
  return (
    <section className="card card-narrow" aria-labelledby={titleId}>
      <PageTitle parts={[t('title')]} />
      <h1 id={titleId} className="page-title">
        {t('title')}
      </h1>
      <p className="lead">{t('text')}</p>
    </section>
  );
}

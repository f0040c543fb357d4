import { getTranslations } from 'next-intl/server';

/** The header region as its own route (spec §2); the header itself is the layout's. */
export default async function HeaderAreaPage() {
  const t = await getTranslations('headerArea');
  return (
    <section className="card card-narrow" aria-labelledby="header-area-title">
      <h1 id="header-area-title" className="page-title">
        {t('title')}
      </h1>
      <p className="lead">{t('text')}</p>
    </section>
  );
}

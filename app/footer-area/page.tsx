import { getTranslations } from 'next-intl/server';

/** The footer region as its own route (spec §2); the footer itself is the layout's. */
export default async function FooterAreaPage() {
  const t = await getTranslations('footerArea');
  return (
    <section className="card card-narrow" aria-labelledby="footer-area-title">
      <h1 id="footer-area-title" className="page-title">
        {t('title')}
      </h1>
      <p className="lead">{t('text')}</p>
    </section>
  );
}

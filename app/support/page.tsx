import { getTranslations } from 'next-intl/server';

/** Placeholder only (spec §2). */
export default async function SupportPage() {
  const t = await getTranslations('support');
  return (
    <section className="card card-narrow" aria-labelledby="support-title">
      <h1 id="support-title" className="page-title">
        {t('title')}
      </h1>
      <p className="lead">{t('text')}</p>
    </section>
  );
}

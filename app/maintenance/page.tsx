import { getTranslations } from 'next-intl/server';
import { PageTitle } from '@/components/chrome/PageTitle';

export default async function MaintenancePage() {
  const t = await getTranslations('maintenance');
  return (
    <section className="card card-narrow status-page" aria-labelledby="maintenance-title">
      <PageTitle parts={[t('title')]} />
      <svg className="status-page-icon" aria-hidden="true" viewBox="0 0 48 48" width="56" height="56">
        <circle cx="24" cy="24" r="22" fill="var(--color-primary-soft)" />
        <path d="M30.5 14.5a7 7 0 0 0-9 9l-8 8a2.5 2.5 0 0 0 3.5 3.5l8-8a7 7 0 0 0 9-9l-4 4-3.5-1-1-3.5z" fill="var(--color-primary)" />
      </svg>
      <h1 id="maintenance-title" className="page-title">
        {t('text')}
      </h1>
    </section>
  );
}

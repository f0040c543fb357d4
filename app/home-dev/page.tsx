import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { demoLinks } from '@/lib/upstream/demoLinks';
import { PageTitle } from '@/components/chrome/PageTitle';
import styles from './page.module.css';
import { withBasePath } from '@/lib/edge/basePath.mjs';

/** The demo deep links (docs/operations.md, "Demo data"): only while the embedded API serves the demo data (DEMO_MODE). */
export default async function HomeDevPage() {
  const links = demoLinks();
  if (!links) notFound();
  const t = await getTranslations('homeDev');
  return (
    <section className="card" aria-labelledby="home-dev-title">
      <PageTitle parts={[t('title')]} />
      <h1 id="home-dev-title" className="page-title">
        {t('title')}
      </h1>
      <p className="lead">{t('intro')}</p>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('id')}</th>
              <th scope="col">{t('link')}</th>
              <th scope="col">{t('code')}</th>
              <th scope="col">{t('what')}</th>
            </tr>
          </thead>
          <tbody>
            {links.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.id}</th>
                <td>
                  <a href={withBasePath(row.href)}>{withBasePath(row.href)}</a>
                </td>
                <td>{row.code ? <code>{row.code}</code> : t('none')}</td>
                <td>{row.what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

import { productRules } from '@/lib/flows/products';
import { loadPage } from '@/lib/upstream/pageInfo';
import { PageTitle } from '@/components/chrome/PageTitle';
import { ManualActions } from './ManualActions';
import styles from './ManualScreen.module.css';

/**
 * The instructions page of both flows (spec §2): the filling-info text, a general-info modal, a
 * filling-info modal and a continue button to the flow's next page.
 */
export async function ManualScreen({ continueHref }: { continueHref: string }) {
  const { t, claims, commit } = await loadPage('pageinfo', { needsToken: true, extras: { category: 'questionnairemanual' } });
  // Ranking, rating grids and sliders are filled in differently (lib/flows/products.ts).
  const fillingInfo = t(productRules(claims.product).texts.fillingInfo);
  return (
    <section className={`card ${styles.manual}`} aria-labelledby="manual-title">
      <PageTitle parts={[t('ManualTitle')]} />
      {commit}
      <h1 id="manual-title" className="page-title">
        {t('ManualTitle')}
      </h1>
      <p className={styles.text}>{fillingInfo}</p>
      <ManualActions
        continueHref={continueHref}
        texts={{
          fillingInfoButton: t('FillingInfoButton'),
          fillingInfoTitle: t('FillingInfoTitle'),
          fillingInfoText: fillingInfo,
          generalInfoButton: t('GeneralInfoButton'),
          generalInfoTitle: t('GeneralInfoTitle'),
          generalInfoText: t('GeneralInfoText'),
          continueButton: t('ContinueButton'),
        }}
      />
    </section>
  );
}

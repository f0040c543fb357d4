import type { GroupVariant } from '@/lib/flows/groupVariants';
import { manualContinue } from '@/lib/flows/manual';
import { productRules } from '@/lib/flows/products';
import { loadPage } from '@/lib/upstream/pageInfo';
import { PageTitle } from '@/components/chrome/PageTitle';
import { AccessCodeDisplay } from '@/components/email/AccessCodeDisplay';
import { ManualActions } from './ManualActions';
import styles from './ManualScreen.module.css';

/**
 * The instructions page of every flow (spec §2): the filling-info text of the token's product, a
 * general-info modal, a filling-info modal and a continue button to the flow's next page: the
 * group variant's (/kodewquestionnairemanual), or by product (/questionnairemanual). Where the
 * page info carries the participant's personal access code (a requirements-analysis participant
 * with a key: their flow has no e-mail step), the manual shows it, masked until they choose to see it.
 */
export async function ManualScreen({ variant }: { variant?: GroupVariant }) {
  const { response, t, claims, commit } = await loadPage('pageinfo', { needsToken: true, extras: { category: 'questionnairemanual' } });
  const accessCode = response.accessCode?.trim();
  // Ranking, rating grids and sliders are filled in differently (lib/flows/products.ts).
  const fillingInfo = t(productRules(claims.product).texts.fillingInfo);
  const continueHref = manualContinue(claims.product, variant);
  return (
    <section className={`card ${styles.manual}`} aria-labelledby="manual-title">
      <PageTitle parts={[t('ManualTitle')]} />
      {commit}
      <h1 id="manual-title" className="page-title">
        {t('ManualTitle')}
      </h1>
      <p className={styles.text}>{fillingInfo}</p>
      {accessCode && (
        <section className={styles.accessCode} aria-labelledby="manual-access-code-title">
          <h2 id="manual-access-code-title" className={styles.accessCodeTitle}>
            {t('ManualAccessCodeTitle')}
          </h2>
          <p>{t('ManualAccessCodeText')}</p>
          <AccessCodeDisplay accessCode={accessCode} label={t('PersonalAccessCodeLabel')} showLabel={t('ShowAccessCode')} />
        </section>
      )}
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

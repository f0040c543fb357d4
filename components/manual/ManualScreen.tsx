import { Product } from '@/lib/api/codes';
import { translator } from '@/lib/i18n/translate';
import { getClaims } from '@/lib/session/server';
import { loadPageInfo, redirectOnPageInfoError, requireToken } from '@/lib/upstream/pageInfo';
import { SessionCommit } from '@/components/session/SessionCommit';
import { ManualActions } from './ManualActions';
import styles from './ManualScreen.module.css';

/**
 * The instructions page of both flows (spec §2): the filling-info text, a general-info modal, a
 * filling-info modal and a continue button to the flow's next page.
 */
export async function ManualScreen({ continueHref }: { continueHref: string }) {
  await requireToken();
  const [{ response, renewal }, claims] = await Promise.all([loadPageInfo('pageinfo', { category: 'questionnairemanual' }), getClaims()]);
  redirectOnPageInfoError(response);
  const t = translator(response.translations);
  // Ranking (product 1) and rating grids are filled in differently.
  const fillingInfo = t(claims.product === Product.CompetencyQuestionnaire ? 'FillingInfoText' : 'FillingInfoTextGrid');
  return (
    <section className={`card ${styles.manual}`} aria-labelledby="manual-title">
      <SessionCommit renewal={renewal} />
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

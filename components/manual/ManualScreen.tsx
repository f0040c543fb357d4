import { translator } from '@/lib/i18n/translate';
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
  const { response, renewal } = await loadPageInfo('pageinfo', { category: 'questionnairemanual' });
  redirectOnPageInfoError(response);
  const t = translator(response.translations);
  return (
    <section className={`card ${styles.manual}`} aria-labelledby="manual-title">
      <SessionCommit renewal={renewal} />
      <h1 id="manual-title" className="page-title">
        {t('ManualTitle')}
      </h1>
      <p className={styles.text}>{t('FillingInfoText')}</p>
      <ManualActions
        continueHref={continueHref}
        texts={{
          fillingInfoButton: t('FillingInfoButton'),
          fillingInfoTitle: t('FillingInfoTitle'),
          fillingInfoText: t('FillingInfoText'),
          generalInfoButton: t('GeneralInfoButton'),
          generalInfoTitle: t('GeneralInfoTitle'),
          generalInfoText: t('GeneralInfoText'),
          continueButton: t('ContinueButton'),
        }}
      />
    </section>
  );
}

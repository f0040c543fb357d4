import { withBasePath } from '@/lib/edge/basePath.mjs';
import { kodewInfoTexts } from '@/lib/flows/selection';
import { loadPage } from '@/lib/upstream/pageInfo';
import { PageTitle } from '@/components/chrome/PageTitle';
import formStyles from '@/components/form/form.module.css';
import styles from './Selection.module.css';

/** The page-info category whose answer carries the group's info texts (the embedded API's handlers/selection.ts). */
const CATEGORY = 'kodewinfo';

/**
 * /kodewinfo (spec §2): the info text of the questionnaire the token's assessmentType names, as the
 * page info delivers it (else the general text), and a continue button to /questionnaire.
 */
export async function KodewInfoScreen() {
  const { t, claims, commit } = await loadPage('pageinfo', { needsToken: true, extras: { category: CATEGORY } });
  const { title, text } = kodewInfoTexts(t, claims.assessmentType);
  return (
    <section className="card card-narrow" aria-labelledby="kodew-info-title">
      <PageTitle parts={[title]} />
      {commit}
      <h1 id="kodew-info-title" className="page-title">
        {title}
      </h1>
      <p className={`lead ${styles.info}`}>{text}</p>
      <div className={formStyles.actions}>
        {/* A page load, not a client-side transition, as on the manual (components/manual/ManualActions.tsx). */}
        <a className="button button-primary" href={withBasePath('/questionnaire')}>
          {t('ContinueButton')}
        </a>
      </div>
    </section>
  );
}

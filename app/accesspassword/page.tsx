import { getTranslations } from 'next-intl/server';
import { getConfig } from '@/lib/config';
import { passwordIsSet } from '@/lib/flows/personalKey';
import { identCodeOf } from '@/lib/flows/signInPath';
import { KnownUsername } from '@/components/form/KnownUsername';
import { loadPage } from '@/lib/upstream/pageInfo';
import { PageTitle } from '@/components/chrome/PageTitle';
import { keyChoiceTexts } from '@/components/form/keyChoiceTexts';
import { AccessPasswordForm } from './AccessPasswordForm';

/** /accesspassword: the first login's follow-up, keep or change the personal key (spec §2, §5). */
export default async function AccessPasswordPage() {
  const [{ response, t, claims, session, commit }, tModal] = await Promise.all([
    loadPage('pageinfo/kodekodex/personalinfo', { needsToken: true, loginPage: '/accesspassword' }),
    getTranslations('modal'),
  ]);
  const config = getConfig();
  const isPasswordSet = passwordIsSet(response);
  return (
    <>
      <PageTitle parts={[t('AccessPasswordTitle')]} />
      {commit}
      <AccessPasswordForm
        crypto={{ key: config.CLIENT_CRYPTO_KEY, iv: config.CLIENT_CRYPTO_IV }}
        usernameField={<KnownUsername value={identCodeOf(session.signInPath)} />}
        isPasswordSet={isPasswordSet}
        hasAccount={claims.assessorId !== undefined}
        keyTexts={keyChoiceTexts(t, tModal('close'), isPasswordSet ? 'change' : 'create')}
        texts={{
          title: t('AccessPasswordTitle'),
          text: t('AccessPasswordText'),
          save: t('SaveButton'),
          AccesskeyValid: t('AccesskeyValid'),
          ConfirmAccesskeyValid: t('ConfirmAccesskeyValid'),
          PrivacyRequired: t('PrivacyRequired'),
          saveFailed: t('SaveFailedText'),
        }}
      />
    </>
  );
}

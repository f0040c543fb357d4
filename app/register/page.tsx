import { getTranslations } from 'next-intl/server';
import { getConfig } from '@/lib/config';
import { passwordIsSet } from '@/lib/flows/personalKey';
import { identCodeOf } from '@/lib/flows/signInPath';
import { KnownUsername } from '@/components/form/KnownUsername';
import { loadPage } from '@/lib/upstream/pageInfo';
import { PageTitle } from '@/components/chrome/PageTitle';
import { keyChoiceTexts } from '@/components/form/keyChoiceTexts';
import { RegisterForm } from './RegisterForm';

/** /register: an assessor who must register gives name, e-mail and a personal key (spec §2, §5). */
export default async function RegisterPage() {
  const [{ response, t, session, commit }, tModal] = await Promise.all([
    loadPage('pageinfo/kodekodex/register', { needsToken: true, loginPage: '/register' }),
    getTranslations('modal'),
  ]);
  const config = getConfig();
  const data = response.registrationData;
  const isPasswordSet = passwordIsSet(response);
  return (
    <>
      <PageTitle parts={[t('RegisterTitle')]} />
      {commit}
      <RegisterForm
        crypto={{ key: config.CLIENT_CRYPTO_KEY, iv: config.CLIENT_CRYPTO_IV }}
        usernameField={<KnownUsername value={identCodeOf(session.signInPath)} />}
        isPasswordSet={isPasswordSet}
        isRegistered={data?.isRegistered === true}
        initial={{ firstName: data?.firstName ?? '', lastName: data?.lastName ?? '', emailAddress: data?.emailAddress ?? '' }}
        keyTexts={keyChoiceTexts(t, tModal('close'), isPasswordSet ? 'change' : 'create')}
        texts={{
          title: t('RegisterTitle'),
          text: t('RegisterText'),
          firstName: t('FirstNameLabel'),
          lastName: t('LastNameLabel'),
          email: t('EmailLabel'),
          save: t('SaveButton'),
          ErrorAccesskeyInvalid: t('ErrorAccesskeyInvalid'),
          ErrorAccesskeyNotConfirmed: t('ErrorAccesskeyNotConfirmed'),
          lastNameRequired: t('ErrorLastNameRequired'),
          emailInvalid: t('ErrorEmailInvalid'),
          privacyRequired: t('PrivacyRequired'),
          saveFailed: t('SaveFailedText'),
        }}
      />
    </>
  );
}

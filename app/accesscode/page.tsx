import { getConfig } from '@/lib/config';
import { identCodeOf } from '@/lib/flows/signInPath';
import { KnownUsername } from '@/components/form/KnownUsername';
import { loadPage } from '@/lib/upstream/pageInfo';
import { PageTitle } from '@/components/chrome/PageTitle';
import { AccessCodeForm } from './AccessCodeForm';

/** /accesscode: the personal access code after the ident code (spec §2, §4). */
export default async function AccessCodePage() {
  const { t, session, commit } = await loadPage('pageinfo/kodekodex/login', { needsToken: true, loginPage: '/accesscode' });
  const config = getConfig();
  return (
    <>
      <PageTitle parts={[t('AccessCodeTitle')]} />
      {commit}
      <AccessCodeForm
        crypto={{ key: config.CLIENT_CRYPTO_KEY, iv: config.CLIENT_CRYPTO_IV }}
        usernameField={<KnownUsername value={identCodeOf(session.signInPath)} />}
        texts={{
          title: t('AccessCodeTitle'),
          text: t('AccessCodeText'),
          label: t('AccessCodeLabel'),
          show: t('ShowPassword'),
          submit: t('AccessCodeSubmit'),
          required: t('AccessCodeRequired'),
          ErrorAccessCodeKey: t('ErrorAccessCodeKey'),
          ErrorAccessCodeKeyFail: t('ErrorAccessCodeKeyFail'),
          ErrorAccessCodeLocked: t('ErrorAccessCodeLocked'),
        }}
      />
    </>
  );
}

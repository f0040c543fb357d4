import { getConfig } from '@/lib/config';
import { translator } from '@/lib/i18n/translate';
import { loadPageInfo, redirectOnPageInfoError, requireToken } from '@/lib/upstream/pageInfo';
import { AccessCodeForm } from './AccessCodeForm';

/** /accesscode: the personal access code after the ident code (spec §2, §4). */
export default async function AccessCodePage() {
  await requireToken();
  const { response } = await loadPageInfo('pageinfo/kodekodex/login');
  redirectOnPageInfoError(response);
  const t = translator(response.translations);
  const config = getConfig();
  return (
    <AccessCodeForm
      crypto={{ key: config.CLIENT_CRYPTO_KEY, iv: config.CLIENT_CRYPTO_IV }}
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
  );
}

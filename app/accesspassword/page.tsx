import { getTranslations } from 'next-intl/server';
import { getConfig } from '@/lib/config';
import { translator } from '@/lib/i18n/translate';
import { getClaims } from '@/lib/session/server';
import { loadPageInfo, redirectOnPageInfoError, requireToken } from '@/lib/upstream/pageInfo';
import { keyChoiceTexts } from '@/components/form/keyChoiceTexts';
import { AccessPasswordForm } from './AccessPasswordForm';

/** /accesspassword: the first login's follow-up, keep or change the personal key (spec §2, §5). */
export default async function AccessPasswordPage() {
  await requireToken();
  const [{ response }, claims, tModal] = await Promise.all([loadPageInfo('pageinfo/kodekodex/personalinfo'), getClaims(), getTranslations('modal')]);
  redirectOnPageInfoError(response);
  const t = translator(response.translations);
  const config = getConfig();
  const isPasswordSet = response.isPasswordSet !== false;
  return (
    <AccessPasswordForm
      crypto={{ key: config.CLIENT_CRYPTO_KEY, iv: config.CLIENT_CRYPTO_IV }}
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
  );
}

import type { Translate } from '@/lib/i18n/translate';
import type { KeyChoiceTexts } from './KeyChoice';

/** The key-choice texts from page-info translations; 'create' when no key exists yet, else 'change'. */
export function keyChoiceTexts(t: Translate, close: string, hint: 'create' | 'change'): KeyChoiceTexts {
  return {
    legend: t('KeyChoiceLegend'),
    keep: t('KeepKey'),
    set: t('SetKey'),
    hint: t(hint === 'create' ? 'KeyHintCreate' : 'KeyHintChange'),
    newKey: t('NewKeyLabel'),
    confirmKey: t('ConfirmKeyLabel'),
    privacyLabel: t('PrivacyLabel'),
    privacyLink: t('PrivacyLink'),
    privacyTitle: t('PrivacyTitle'),
    privacyText: t('PrivacyText'),
    close,
  };
}

import { getTranslations } from 'next-intl/server';
import { getConfig } from '@/lib/config';
import { groupVariant } from '@/lib/flows/groupVariants';
import { loadPage } from '@/lib/upstream/pageInfo';
import { sortAdditionalFields } from '@/lib/validation/additionalFields';
import { PageTitle } from '@/components/chrome/PageTitle';
import { keyChoiceTexts } from '@/components/form/keyChoiceTexts';
import { PersonalInfoForm, type AdditionalFieldsVariant } from './PersonalInfoForm';

/**
 * The personal-info page of the group flows with additional fields (/kodewgrouploginpersonal;
 * /kodegroupcodepersonal in issue 9): the variant's page info, the fields in the order of
 * sortAdditionalFields with the participant's saved values, and the key choice. The page info's
 * personal access code is not handed to the page: the e-mail step shows it (DESIGN "Secrets").
 */
export async function PersonalInfoScreen({ variant }: { variant: AdditionalFieldsVariant }) {
  const row = groupVariant(variant);
  const [{ response, t, claims, commit }, tModal] = await Promise.all([
    loadPage(row.calls.personalPage as `pageinfo/${AdditionalFieldsVariant}/personalinfo`, { needsToken: true }),
    getTranslations('modal'),
  ]);
  const config = getConfig();
  // The upstream decides (hasAccount); an upstream that leaves it out has the token say (spec §4: assessorId).
  const hasAccount = response.hasAccount ?? claims.assessorId !== undefined;
  const fields = sortAdditionalFields(response.additionalFieldsWithValues ?? []).map((field) => ({
    id: field.id,
    name: field.name,
    fieldType: field.fieldType,
    allowedValues: field.fieldType === 'List' ? (field.allowedValues ?? []) : [],
    required: field.required === true,
    value: field.value ?? '',
  }));
  // A saved List value that is no longer offered is no choice: the drop-down starts unchosen.
  const initialValues = Object.fromEntries(
    fields.map((field) => [field.id, field.fieldType === 'List' && !field.allowedValues.includes(field.value) ? '' : field.value]),
  );
  return (
    <>
      <PageTitle parts={[t('PersonalInfoTitle')]} />
      {commit}
      <PersonalInfoForm
        variant={variant}
        crypto={{ key: config.CLIENT_CRYPTO_KEY, iv: config.CLIENT_CRYPTO_IV }}
        hasAccount={hasAccount}
        finishModal={response.finishModal === true}
        fields={fields.map(({ value: _value, ...field }) => field)}
        initialValues={initialValues}
        fieldTexts={{
          legend: t('PersonalInfoFieldsLegend'),
          requiredNote: t('PersonalInfoRequiredNote'),
          choose: t('PersonalInfoChoose'),
          problems: {
            required: t('PersonalInfoFieldRequired'),
            listRequired: t('PersonalInfoListRequired'),
            notAllowed: t('PersonalInfoFieldNotAllowed'),
            tooLong: t('PersonalInfoFieldTooLong'),
          },
        }}
        keyTexts={{ ...keyChoiceTexts(t, tModal('close'), hasAccount ? 'change' : 'create'), hint: t(hasAccount ? 'PersonalKeyHintChange' : 'PersonalKeyHintCreate') }}
        texts={{
          title: t('PersonalInfoTitle'),
          text: t(hasAccount ? 'PersonalInfoTextAccount' : 'PersonalInfoText'),
          save: t('SaveButton'),
          fieldsInvalid: t('PersonalInfoFieldsInvalid'),
          keyTooShort: t('PersonalKeyTooShort'),
          keyNotConfirmed: t('PersonalKeyNotConfirmed'),
          privacyRequired: t('PrivacyRequired'),
          saveFailed: t('SaveFailedText'),
          finishTitle: t('PersonalInfoFinishTitle'),
          finishText: t('PersonalInfoFinishText'),
          finish: t('PersonalInfoFinishButton'),
          cancel: t('PersonalInfoCancelButton'),
        }}
      />
    </>
  );
}

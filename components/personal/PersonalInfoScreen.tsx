import { getTranslations } from 'next-intl/server';
import { getConfig } from '@/lib/config';
import type { ResponseOf } from '@/lib/api/catalogue';
import { groupVariant, type GroupVariant } from '@/lib/flows/groupVariants';
import { loadPage } from '@/lib/upstream/pageInfo';
import { sortAdditionalFields } from '@/lib/validation/additionalFields';
import { PageTitle } from '@/components/chrome/PageTitle';
import { keyChoiceTexts } from '@/components/form/keyChoiceTexts';
import { PersonalInfoForm, type PersonalPart } from './PersonalInfoForm';

type Translate = (key: string) => string;
type PageResponse = ResponseOf<'pageinfo/kodew/personalinfo'> & ResponseOf<'pageinfo/ra/personalinfo'>;

/** The group code's additional fields in the order of sortAdditionalFields, with the participant's saved values. */
function additionalFieldsPart(response: PageResponse, t: Translate): PersonalPart {
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
  return {
    kind: 'additionalFields',
    fields: fields.map(({ value: _value, ...field }) => field),
    initialValues,
    texts: {
      legend: t('PersonalInfoFieldsLegend'),
      requiredNote: t('PersonalInfoRequiredNote'),
      choose: t('PersonalInfoChoose'),
      problems: {
        required: t('PersonalInfoFieldRequired'),
        listRequired: t('PersonalInfoListRequired'),
        notAllowed: t('PersonalInfoFieldNotAllowed'),
        tooLong: t('PersonalInfoFieldTooLong'),
      },
    },
  };
}

/** The participant's name and e-mail as saved (the requirements analysis). */
function nameEmailPart(response: PageResponse, t: Translate): PersonalPart {
  return {
    kind: 'nameEmail',
    initialValues: { name: response.name ?? '', email: response.email ?? '' },
    texts: {
      legend: t('PersonalInfoFieldsLegend'),
      nameLabel: t('PersonalInfoNameLabel'),
      emailLabel: t('PersonalInfoEmailLabel'),
      emailHint: t('PersonalInfoEmailHint'),
      problems: { tooLong: t('PersonalInfoFieldTooLong'), invalid: t('PersonalInfoEmailInvalid') },
    },
  };
}

/**
 * The personal-info page of every group flow (/kodewgrouploginpersonal, /grouploginpersonal,
 * /kodegroupcodepersonal): the variant's page info, what the variant asks (its personalFields: the
 * additional fields, or name and e-mail) with the participant's saved values, and the key choice.
 * The page info's personal access code is not handed to the page: the e-mail step or the manual
 * shows it (DESIGN "Secrets").
 */
export async function PersonalInfoScreen({ variant }: { variant: GroupVariant }) {
  const row = groupVariant(variant);
  const [{ response: loaded, t, claims, commit }, tModal] = await Promise.all([
    loadPage(row.calls.personalPage, { needsToken: true }),
    getTranslations('modal'),
  ]);
  const response = loaded as PageResponse;
  const config = getConfig();
  // The upstream decides (hasAccount); an upstream that leaves it out has the token say (spec §4: assessorId).
  const hasAccount = response.hasAccount ?? claims.assessorId !== undefined;
  return (
    <>
      <PageTitle parts={[t('PersonalInfoTitle')]} />
      {commit}
      <PersonalInfoForm
        variant={variant}
        crypto={{ key: config.CLIENT_CRYPTO_KEY, iv: config.CLIENT_CRYPTO_IV }}
        hasAccount={hasAccount}
        finishModal={response.finishModal === true}
        personal={row.personalFields === 'nameEmail' ? nameEmailPart(response, t) : additionalFieldsPart(response, t)}
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

import { notFound, redirect } from 'next/navigation';
import { groupVariant, type GroupVariant } from '@/lib/flows/groupVariants';
import { loadPage } from '@/lib/upstream/pageInfo';
import { PageTitle } from '@/components/chrome/PageTitle';
import { AccessCodeEmailForm } from './AccessCodeEmailForm';

/**
 * The e-mail step of the group flows (spec §2, §4, §5): the participant's personal access code,
 * masked until they choose to see it, and the offer to have it mailed to them with the deep link
 * back. The code comes from the personal-info page info: it reaches the browser only as text on
 * this page, never in storage.
 */
export async function AccessCodeEmailScreen({ variant }: { variant: GroupVariant }) {
  const row = groupVariant(variant);
  const call = row.calls.sendAccessCode;
  if (!call || !row.routes.email) notFound();
  const { response, t, commit } = await loadPage(row.calls.personalPage, { needsToken: true });
  const raw = (response as { accessCode?: unknown }).accessCode;
  const accessCode = typeof raw === 'string' ? raw.trim() : '';
  // No code: the participant has no key yet (the code alone opens nothing), so there is nothing to hand over.
  if (!accessCode) redirect(row.routes.manual);
  const statusTexts = ['TokenInvalid', 'TokenExpired', 'PostDataIsInvalid', 'AssessmentDoesNotExist', 'AssessmentAlreadyFinished', 'NoRecordset'].map(
    (name) => [`ErrorCodeMsg_${name}`, t(`ErrorCodeMsg_${name}`)] as const,
  );
  return (
    <>
      <PageTitle parts={[t('AccessCodeEmailTitle')]} />
      {commit}
      <AccessCodeEmailForm
        call={call}
        manual={row.routes.manual}
        accessCode={accessCode}
        texts={{
          title: t('AccessCodeEmailTitle'),
          text: t('AccessCodeEmailText'),
          comeBack: t('AccessCodeEmailComeBack'),
          accessCodeLabel: t('PersonalAccessCodeLabel'),
          showAccessCode: t('ShowAccessCode'),
          sendByEmail: t('SendAccessCodeByEmail'),
          emailLabel: t('SendAccessCodeEmailLabel'),
          confirmEmailLabel: t('SendAccessCodeConfirmEmailLabel'),
          send: t('SendAccessCodeButton'),
          continue: t('ContinueButton'),
        }}
        messages={Object.fromEntries([
          ['SendAccessCodeEmailError', t('SendAccessCodeEmailError')],
          ['SendAccessCodeConfirmEmailError', t('SendAccessCodeConfirmEmailError')],
          ['SendAccessCodeConfirmEmailRepeatError', t('SendAccessCodeConfirmEmailRepeatError')],
          ['SendAccessCodeFailed', t('SendAccessCodeFailed')],
          ['SendAccessCodeLimitError', t('SendAccessCodeLimitError')],
          ...statusTexts,
        ])}
      />
    </>
  );
}

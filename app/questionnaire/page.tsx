import { redirect } from 'next/navigation';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { Product, StatusCode } from '@/lib/api/codes';
import { isSupportedBrowser } from '@/lib/browser/support';
import { errorPageUrl } from '@/lib/flows/errorPage';
import { questionsPerPage } from '@/lib/flows/questionnaire';
import { translator } from '@/lib/i18n/translate';
import { getClaims } from '@/lib/session/server';
import { loadPageInfo, requireToken } from '@/lib/upstream/pageInfo';
import { SessionCommit } from '@/components/session/SessionCommit';
import { QuestionnaireScreen } from '@/components/questionnaire/QuestionnaireScreen';

/**
 * /questionnaire: the page at the session's start index (after a login: where the participant left
 * off), so a reload shows the same page with its saved answers (spec §4).
 */
export default async function QuestionnairePage() {
  const session = await requireToken();
  const claims = await getClaims();
  const [{ response, renewal }, tModal, requestHeaders] = await Promise.all([
    loadPageInfo('pageinfo/questionnaire', {
      questionsPerPage: questionsPerPage(claims.product),
      ...(session.startIndex > 0 && { questionStartIndex: session.startIndex }),
    }),
    getTranslations('modal'),
    headers(),
  ]);
  if (response.statusCode !== StatusCode.Ok) {
    redirect(errorPageUrl({ statusCode: response.statusCode, detailCode: response.detailCode, exceptionId: response.exceptionId ?? undefined }));
  }
  const t = translator(response.translations);
  // The token never reaches the browser; the texts go as props, not the whole catalogue.
  const page = { ...response, token: null, translations: [] };
  const product = claims.product;
  return (
    <>
      <SessionCommit renewal={renewal} />
      <QuestionnaireScreen
        key={`${page.currentPage}-${page.questionnaireLanguage}`}
        product={product}
        initialPage={page}
        simpleLayout={!isSupportedBrowser(requestHeaders.get('user-agent'))}
        texts={{
          pageOf: t('PageOf'),
          previous: t('PreviousButton'),
          next: t('NextButton'),
          lastPage: t('LastPageButton'),
          saving: t('Saving'),
          saveFailed: t('SaveFailed'),
          instructionsButton: t('InstructionsButton'),
          instructionsTitle: t('InstructionsTitle'),
          instructionsText: t(product === Product.CompetencyQuestionnaire ? 'InstructionsTextRanking' : 'InstructionsTextGrid'),
          errorAnswersInvalid: t(product === Product.CompetencyQuestionnaire ? 'ErrorAnswersInvalid' : 'ErrorAnswersInvalidGrid'),
          errorWord: t('ErrorWord'),
          questionWord: t('QuestionWord'),
          statementColumn: t('StatementColumn'),
          rankBest: t('RankBestHint'),
          rankLeast: t('RankLeastHint'),
          ratedCount: t('RatedCount'),
          finishTitle: t('FinishConfirmTitle'),
          finishText: t('FinishConfirmText'),
          finishYes: t('FinishConfirmYes'),
          finishNo: t('FinishConfirmNo'),
          modalErrorText: t('ModalErrorText'),
          errorTitle: tModal('errorTitle'),
          close: tModal('close'),
        }}
      />
    </>
  );
}

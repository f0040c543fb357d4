import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { isSupportedBrowser } from '@/lib/browser/support';
import { answersInvalidKey, productRules } from '@/lib/flows/products';
import { questionsPerPage, resumeNextStart } from '@/lib/flows/questionnaire';
import { optionalText } from '@/lib/i18n/translate';
import { loadPage } from '@/lib/upstream/pageInfo';
import { QuestionnaireScreen } from '@/components/questionnaire/QuestionnaireScreen';

/** Every key of a tree of translation keys translated, in the same shape. */
type Translated<T> = { [K in keyof T]: T[K] extends string ? string : Translated<T[K]> };

function translated<T extends object>(keys: T, t: (key: string) => string): Translated<T> {
  const each = (value: unknown): unknown =>
    typeof value === 'string' ? t(value) : Array.isArray(value) ? value.map(each) : Object.fromEntries(Object.entries(value as object).map(([name, key]) => [name, each(key)]));
  return each(keys) as Translated<T>;
}

/**
 * /questionnaire: the page at the session's start index, so a reload shows the same page with its
 * saved answers (spec §4). After a login the index is 1 (spec §9) and the load walks on while the
 * pages come back complete: the participant lands where they left off, with any upstream.
 */
export default async function QuestionnairePage() {
  const [{ response, t, claims, commit }, tModal, tOwn, requestHeaders] = await Promise.all([
    loadPage('pageinfo/questionnaire', {
      needsToken: true,
      // The page cannot be shown without its content: every status but Ok goes to the error page.
      errors: 'notOk',
      extras: ({ session, claims }) => ({ questionsPerPage: questionsPerPage(claims.product), questionStartIndex: session.startIndex }),
      again: (page, { session, claims }) => {
        const next = session.resumePending ? resumeNextStart(claims.product, page) : undefined;
        return next ? { questionStartIndex: next } : undefined;
      },
    }),
    getTranslations('modal'),
    getTranslations('questionnaire'),
    headers(),
  ]);
  // The token never reaches the browser; the texts go as props, not the whole catalogue.
  const page = { ...response, token: null, translations: [] };
  const product = claims.product;
  const rules = productRules(product);
  const notRatedOffered = response.notRated === true && !!response.answervaluesConfig?.notRatedValueCaption;
  return (
    <>
      {commit}
      <QuestionnaireScreen
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
          instructionsText: t(rules.texts.instructions),
          errorAnswersInvalid: t(answersInvalidKey(product, notRatedOffered)),
          errorWord: t('ErrorWord'),
          questionWord: t('QuestionWord'),
          statementColumn: t('StatementColumn'),
          rankBest: t('RankBestHint'),
          rankLeast: t('RankLeastHint'),
          // Spec §2: the overlay shows only when its text exists.
          ratedCount: optionalText(t('RatedCount')) ?? '',
          finishTitle: t('FinishConfirmTitle'),
          finishText: t('FinishConfirmText'),
          finishYes: t('FinishConfirmYes'),
          finishNo: t('FinishConfirmNo'),
          modalErrorText: t('ModalErrorText'),
          errorTitle: tModal('errorTitle'),
          close: tModal('close'),
          offline: tOwn('offline'),
          conflictTitle: tOwn('conflictTitle'),
          conflictText: tOwn('conflictText'),
          conflictLoad: tOwn('conflictLoad'),
          conflictKeep: tOwn('conflictKeep'),
          // The texts only the product's view shows (the slider's, the grid's details), as the table names them.
          ...translated(rules.texts.view, t),
        }}
      />
    </>
  );
}

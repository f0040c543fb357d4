'use client';

import { useRef, useState } from 'react';
import { bcp47, DEFAULT_LANGUAGE, isLanguage } from '@/lib/api/languages';
import type { QuestionnairePageResponse } from '@/lib/api/schemas/questionnaire';
import { postCall } from '@/lib/client/api';
import { goAfterSessionChange } from '@/lib/client/navigate';
import { errorPageUrl } from '@/lib/flows/errorRecord';
import { finishErrorText, routeAfterFinish } from '@/lib/flows/finish';
import { afterPageTurn, type ConflictRetry, type FieldErrors, fieldErrorsOf, startPageTurn } from '@/lib/flows/pageTurn';
import { productRules } from '@/lib/flows/products';
import { invalidQuestions, keepsErrorMessage, scaleMaxOf } from '@/lib/flows/questionnaire';
import { useUnsavedAnswers } from '@/components/chrome/UnsavedAnswers';
import { PageTitle } from '@/components/chrome/PageTitle';
import { useEarlyForm } from '@/lib/client/useEarlyForm';
import { useFocusAfterRender } from '@/lib/client/useFocusAfterRender';
import { useOneCallAtATime } from '@/lib/client/useOneCallAtATime';
import { useModal } from '@/components/modal/ModalProvider';
import { fillTemplate } from './fillTemplate';
import { answersOf, valuesOf } from './pageValues';
import { PageControls } from './PageControls';
import { FINISH_CONFIRM, FINISH_ERROR, PAGE_CONFLICT, QuestionnaireModals } from './QuestionnaireModals';
import { QuestionnaireTop } from './QuestionnaireTop';
import type { QuestionnaireTexts } from './texts';
import { usePageSaves } from './usePageSaves';
import { QUESTION_VIEWS } from './views';
import styles from './Questionnaire.module.css';

export type { QuestionnaireTexts } from './texts';

/** The page as the server sent it; its translations stay on the server (texts come as props). */
export type QuestionnairePage = QuestionnairePageResponse;

type Props = { product: number; initialPage: QuestionnairePage; texts: QuestionnaireTexts; simpleLayout: boolean };

/** What was being sent when the server answered that the page had changed since it was loaded. */
type Conflict = { page: QuestionnairePage; retry: ConflictRetry };

/**
 * The paged questionnaire (spec §2, §4). One request per page turn saves this page's answers and
 * loads the next; navigation is blocked while it is in flight. A failed save keeps every answer on
 * screen, says so, and the next press retries.
 */
export function QuestionnaireScreen({ product, initialPage, texts, simpleLayout }: Props) {
  const { activeModalId, openModal, closeModal } = useModal();
  const { setHasUnsavedAnswers } = useUnsavedAnswers();
  const [page, setPage] = useState(initialPage);
  const [values, setValues] = useState(() => valuesOf(initialPage));
  const [invalid, setInvalid] = useState<FieldErrors>(() => fieldErrorsOf(initialPage, texts.errorAnswersInvalid));
  const rules = productRules(product);
  const { View, ownProgress } = QUESTION_VIEWS[rules.view];
  const unset = rules.unsetValue;
  const scaleMax = scaleMaxOf(page.answervaluesConfig);
  const questions = page.questions ?? [];
  const start = questions[0]?.questionIndex ?? 1;
  const [conflict, setConflict] = useState<Conflict | null>(null);
  // The control that moves on; the finish modals open after it was pressed and give focus back to it.
  const submit = useRef<HTMLButtonElement>(null);
  const showConflict = (server: QuestionnairePage, retry: ConflictRetry) => {
    setConflict({ page: server, retry });
    openModal(PAGE_CONFLICT, { returnFocusTo: submit.current });
  };
  const saves = usePageSaves(
    { values, start, questions },
    {
      initialRevision: initialPage.revision ?? null,
      questionsPerPage: rules.questionsPerPage,
      unset,
      onDraftConflict: (server) => showConflict({ ...server, translations: [] }, 'draft'),
    },
  );
  const [serverPage, setServerPage] = useState(initialPage);
  // Whether this tab turned a page that no render of the server has shown yet: a render of another
  // page that arrives meanwhile may have begun before the turn.
  const [turnedSinceRender, setTurnedSinceRender] = useState(false);
  if (serverPage !== initialPage) {
    // The server rendered the page again (the header's language change reloads the content, "Stay
    // signed in" renews the session): the texts are the new ones; on the page on screen, the answers
    // given and not yet saved stay, and so does the revision they were chosen on.
    setServerPage(initialPage);
    const samePage = initialPage.questions?.[0]?.questionIndex === page.questions?.[0]?.questionIndex;
    if (samePage) setTurnedSinceRender(false);
    // Another page than the one this tab turned to: a render that began before the turn ("Stay
    // signed in" pressed, then Next at once). The page turned to stays, with the answers given on
    // it, until a render of it comes; were it another tab's page, the next save meets the conflict
    // check, which shows the server's answers.
    if (samePage || !turnedSinceRender) setPage(initialPage);
    if (!samePage && !turnedSinceRender) {
      setValues(valuesOf(initialPage));
      setInvalid(fieldErrorsOf(initialPage, texts.errorAnswersInvalid));
      saves.reloaded(initialPage.revision ?? null);
    }
  }
  const { busy, isBusy, alone } = useOneCallAtATime();
  const [saveFailed, setSaveFailed] = useState(false);
  const [saveFailures, setSaveFailures] = useState(0);
  const [finishError, setFinishError] = useState('');
  const formRef = useEarlyForm();
  const heading = useRef<HTMLParagraphElement>(null);

  const focusAfterRender = useFocusAfterRender();
  // Once React has rendered the error blocks, so that the question is read with its message.
  const showFieldErrors = (errors: FieldErrors) => {
    setInvalid(errors);
    const [first] = errors.keys();
    if (first !== undefined) focusAfterRender(() => document.getElementById(`question-${first}`));
  };

  const notRated = page.notRated === true;
  const onChangeMany = (questionId: number, answers: ReadonlyArray<readonly [number, number]>) => {
    const nextValues = new Map(values);
    for (const [answerId, value] of answers) nextValues.set(answerId, value);
    setValues(nextValues);
    const question = questions.find((q) => q.id === questionId);
    // A question's message stays while it is still invalid, and goes once it is not.
    if (invalid.has(questionId) && question && !keepsErrorMessage(product, question, nextValues, { notRated, unset, scaleMax })) {
      const next = new Map(invalid);
      next.delete(questionId);
      setInvalid(next);
    }
    saves.changed();
  };
  const onChange = (questionId: number, answerId: number, value: number) => onChangeMany(questionId, [[answerId, value]]);

  const turn = async (forward: boolean) => {
    if (isBusy()) return;
    const refused = invalidQuestions(product, questions, values, { forward, notRated, unset, scaleMax });
    const plan = startPageTurn(page, { forward, refused, changed: saves.hasChanges(), message: texts.errorAnswersInvalid });
    if (plan.kind === 'stay') showFieldErrors(plan.errors);
    if (plan.kind !== 'send') return;
    const saved = plan.saves ? { start, answers: answersOf(questions, values, unset) } : null;
    const response = await alone(() => saves.sendTurn(plan.questionStartIndex, saved));
    const outcome = afterPageTurn(response, forward, texts.errorAnswersInvalid);
    if (outcome.kind === 'stay' && outcome.messageKey === 'SaveFailed') {
      setSaveFailed(true);
      setSaveFailures((count) => count + 1);
      return;
    }
    if (outcome.kind === 'errorPage') {
      setHasUnsavedAnswers(false);
      goAfterSessionChange(errorPageUrl(outcome.error));
      return;
    }
    setSaveFailed(false);
    if (outcome.kind === 'modal') showConflict(outcome.page, outcome.retry);
    else if (outcome.kind === 'stay') showFieldErrors(outcome.errors);
    else {
      setPage(outcome.page);
      setTurnedSinceRender(true);
      setValues(valuesOf(outcome.page));
      setInvalid(new Map());
      saves.turned(outcome.page.revision ?? null);
      if (outcome.confirmFinish) openModal(FINISH_CONFIRM, { returnFocusTo: submit.current });
      else focusAfterRender(() => heading.current);
    }
  };

  const finish = async () => {
    if (isBusy()) return;
    const response = await alone(() => postCall('submit/finishassessment', {}));
    const outcome = routeAfterFinish(response);
    closeModal(FINISH_CONFIRM);
    if (outcome.kind === 'go') {
      setHasUnsavedAnswers(false);
      goAfterSessionChange(outcome.to);
      return;
    }
    setFinishError(finishErrorText(texts.modalErrorText, outcome.status, outcome.detail));
    openModal(FINISH_ERROR, { returnFocusTo: submit.current });
  };

  const loadNewer = () => {
    if (!conflict) return;
    setValues(valuesOf(conflict.page));
    setInvalid(new Map());
    saves.tookServers(conflict.page.revision ?? null);
    setConflict(null);
    closeModal(PAGE_CONFLICT);
  };

  const keepMine = () => {
    if (!conflict) return;
    saves.rebase(conflict.page.revision ?? null);
    const { retry } = conflict;
    setConflict(null);
    closeModal(PAGE_CONFLICT);
    if (retry === 'draft') saves.draftNow();
    else void turn(retry === 'forward');
  };

  const viewTexts = {
    statementColumn: texts.statementColumn,
    rankBest: texts.rankBest,
    rankLeast: texts.rankLeast,
    errorLabel: (number: number, message: string) => `${texts.errorWord} ${texts.questionWord} ${number}: ${message}`,
    ...(texts.slider && { slider: texts.slider }),
    ...(texts.grid && { grid: texts.grid }),
  };
  // The language the content is really in (German where it has no translation), for screen readers.
  const contentLanguage = isLanguage(page.questionnaireLanguage) ? page.questionnaireLanguage : undefined;
  const contentLang = contentLanguage ? bcp47(contentLanguage) : undefined;
  const pageOf = fillTemplate(texts.pageOf, { current: page.currentPage ?? 1, total: page.totalNumberOfPages ?? 1 });
  const rated = questions.flatMap((q) => q.answerInfos).filter((a) => (values.get(a.id) ?? unset) !== unset).length;

  return (
    <div className={`${styles.screen} ${simpleLayout ? styles.simple : ''}`}>
      <PageTitle parts={[pageOf, page.questionnaireTitle]} />
      <QuestionnaireTop
        page={page}
        contentLang={contentLang}
        pageOf={pageOf}
        headingRef={heading}
        instructionsButton={texts.instructionsButton}
        ownProgress={ownProgress}
      />

      <form ref={formRef} className={styles.form} onSubmit={(event) => { event.preventDefault(); void turn(true); }} aria-busy={busy}>
        <View
          questions={questions}
          values={values}
          invalid={invalid}
          disabled={busy}
          onChange={onChange}
          onChangeMany={onChangeMany}
          texts={viewTexts}
          contentLang={contentLang}
          config={page.answervaluesConfig ?? null}
          notRated={notRated}
          details={page.noDetails !== true}
          progress={{ current: page.currentPage ?? 1, total: page.totalNumberOfPages ?? 1, label: pageOf }}
          language={contentLanguage ?? DEFAULT_LANGUAGE}
        />

        {rules.ratedCount && texts.ratedCount && !activeModalId && (
          <p className={styles.ratedOverlay} aria-live="polite">
            {fillTemplate(texts.ratedCount, { count: rated, total: questions.flatMap((q) => q.answerInfos).length })}
          </p>
        )}

        <PageControls
          texts={texts}
          offline={saves.offline}
          saveFailed={saveFailed}
          saveFailures={saveFailures}
          busy={busy}
          canGoBack={!!page.prevNavButtonQuestionStartIndex}
          isLastPage={!page.nextNavButtonQuestionStartIndex}
          onBack={() => void turn(false)}
          submitRef={submit}
        />
      </form>

      <QuestionnaireModals
        texts={texts}
        busy={busy}
        finishError={finishError}
        onFinish={() => void finish()}
        onLoadNewer={loadNewer}
        onKeepMine={keepMine}
      />
    </div>
  );
}

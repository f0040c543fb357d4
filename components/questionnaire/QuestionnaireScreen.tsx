'use client';

import { useEffect, useRef, useState } from 'react';
import { StatusCode } from '@/lib/api/codes';
import { bcp47, DEFAULT_LANGUAGE, isLanguage } from '@/lib/api/languages';
import type { QuestionnairePageResponse } from '@/lib/api/schemas/questionnaire';
import { postCall } from '@/lib/client/api';
import { newSaveId, postWhenOnline } from '@/lib/client/postWhenOnline';
import { goAfterSessionChange } from '@/lib/client/navigate';
import { errorPageUrl } from '@/lib/flows/errorRecord';
import { finishErrorText, routeAfterFinish } from '@/lib/flows/finish';
import { productRules } from '@/lib/flows/products';
import { encodeAnswers, invalidQuestions, keepsErrorMessage, scaleMaxOf } from '@/lib/flows/questionnaire';
import { useUnsavedAnswers } from '@/components/chrome/UnsavedAnswers';
import { PageTitle } from '@/components/chrome/PageTitle';
import { useEarlyForm } from '@/lib/client/useEarlyForm';
import { useFocusAfterRender } from '@/lib/client/useFocusAfterRender';
import { Modal } from '@/components/modal/Modal';
import { useModal } from '@/components/modal/ModalProvider';
import { useAnswersKeptThroughTimeout } from '@/lib/client/answersKept';
import type { GridTexts, SliderTexts } from './viewTypes';
import { QUESTION_VIEWS } from './views';
import styles from './Questionnaire.module.css';

export type QuestionnaireTexts = {
  pageOf: string;
  previous: string;
  next: string;
  lastPage: string;
  saving: string;
  saveFailed: string;
  instructionsButton: string;
  instructionsTitle: string;
  instructionsText: string;
  errorAnswersInvalid: string;
  errorWord: string;
  questionWord: string;
  statementColumn: string;
  rankBest: string;
  rankLeast: string;
  ratedCount: string;
  finishTitle: string;
  finishText: string;
  finishYes: string;
  finishNo: string;
  modalErrorText: string;
  errorTitle: string;
  close: string;
  /** The app's own texts (messages/*.json), not the upstream's: a dropped connection and a page saved elsewhere. */
  offline: string;
  conflictTitle: string;
  conflictText: string;
  conflictLoad: string;
  conflictKeep: string;
  /** The slider view's texts, where the product's view is the slider. */
  slider?: SliderTexts;
  /** The grid view's details texts, where the product's view is the grid. */
  grid?: GridTexts;
};

/** The page as the server sent it; its translations stay on the server (texts come as props). */
export type QuestionnairePage = QuestionnairePageResponse;

type Props = { product: number; initialPage: QuestionnairePage; texts: QuestionnaireTexts; simpleLayout: boolean };

const FINISH_CONFIRM = 'finish-confirm';
const FINISH_ERROR = 'finish-error';
const PAGE_CONFLICT = 'page-conflict';
/** How long after the last choice the draft is saved. */
const DRAFT_DELAY_MS = 1000;

/** What was being sent when the server answered that the page had changed since it was loaded. */
type Conflict = { page: QuestionnairePage; retry: 'draft' | 'forward' | 'back' };

function valuesOf(page: QuestionnairePage): Map<number, number> {
  return new Map((page.questions ?? []).flatMap((q) => q.answerInfos.map((a) => [a.id, a.value] as const)));
}

function invalidOf(page: QuestionnairePage, fallback: string): Map<number, string> {
  return new Map((page.questions ?? []).filter((q) => q.isInvalid || q.errorMessage).map((q) => [q.id, q.errorMessage || fallback]));
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

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
  const [invalid, setInvalid] = useState(() => invalidOf(initialPage, texts.errorAnswersInvalid));
  // The page's revision (an upstream that has none gets no drafts and no conflict check). Kept in a
  // ref as well: a save that is queued reads the one the save before it brought.
  const [revision, setRevisionState] = useState(initialPage.revision ?? null);
  const revisionRef = useRef(initialPage.revision ?? null);
  const setRevision = (next: number | null) => {
    revisionRef.current = next;
    setRevisionState(next);
  };
  const [serverPage, setServerPage] = useState(initialPage);
  if (serverPage !== initialPage) {
    // The server rendered the page again (the header's language change reloads the content, "Stay
    // signed in" renews the session): the texts are the new ones; on the page on screen, the answers
    // given and not yet saved stay, and so does the revision they were chosen on.
    setServerPage(initialPage);
    const samePage = initialPage.questions?.[0]?.questionIndex === page.questions?.[0]?.questionIndex;
    setPage(initialPage);
    if (!samePage) {
      setValues(valuesOf(initialPage));
      setInvalid(invalidOf(initialPage, texts.errorAnswersInvalid));
      setRevisionState(initialPage.revision ?? null);
    }
  }
  useEffect(() => {
    revisionRef.current = revision;
  }, [revision]);
  const [busy, setBusy] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  // Counts failed saves, so that each one (a retry that fails too) moves focus to the banner.
  const [saveFailures, setSaveFailures] = useState(0);
  const [finishError, setFinishError] = useState('');
  const [offline, setOffline] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const inFlight = useRef(false);
  // Saves go one at a time, in the order asked for: a draft, then the page turn that follows it.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const draftTimer = useRef<number | undefined>(undefined);
  // Choices made on this page, and how many of them the server has acknowledged (as a draft or a save).
  const changes = useRef(0);
  const acknowledged = useRef(0);
  const latest = useRef({ values, start: 0, questions: [] as QuestionnairePage['questions'] });
  const formRef = useEarlyForm();
  const heading = useRef<HTMLParagraphElement>(null);
  const banner = useRef<HTMLParagraphElement>(null);
  // The control that moves on; the finish modals open after it was pressed and give focus back to it.
  const submit = useRef<HTMLButtonElement>(null);
  const rules = productRules(product);
  const { View, ownProgress } = QUESTION_VIEWS[rules.view];
  const unset = rules.unsetValue;
  const scaleMax = scaleMaxOf(page.answervaluesConfig);
  const questions = page.questions ?? [];
  const start = questions[0]?.questionIndex ?? 1;
  useEffect(() => {
    latest.current = { values, start, questions };
  });
  useAnswersKeptThroughTimeout(revision !== null);

  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.current.then(task);
    queue.current = run.catch(() => undefined);
    return run;
  }

  const answersOf = (pageQuestions: QuestionnairePage['questions'], pageValues: Map<number, number>) =>
    (pageQuestions ?? []).flatMap((q) => q.answerInfos.map((a) => ({ id: a.id, value: pageValues.get(a.id) ?? unset })));

  const acknowledge = (upTo: number) => {
    acknowledged.current = Math.max(acknowledged.current, upTo);
    if (acknowledged.current >= changes.current) setHasUnsavedAnswers(false);
  };

  const showConflict = (response: QuestionnairePage, retry: Conflict['retry']) => {
    setConflict({ page: { ...response, translations: [] }, retry });
    openModal(PAGE_CONFLICT, { returnFocusTo: submit.current });
  };

  /** Saves what is chosen on the page as a draft: kept by the server, shown again when the page loads, no answer yet. */
  const saveDraft = async () => {
    const { values: chosen, start: pageStart, questions: pageQuestions } = latest.current;
    const base = revisionRef.current;
    const upTo = changes.current;
    if (base === null || upTo <= acknowledged.current) return;
    const response = await postWhenOnline(
      'pageinfo/questionnaire',
      {
        questionsPerPage: rules.questionsPerPage,
        questionStartIndex: pageStart,
        answers: encodeAnswers(pageStart, answersOf(pageQuestions, chosen)),
        draft: true,
        baseRevision: base,
        saveId: newSaveId(),
      },
      setOffline,
    );
    // Not saved (the server failed, the session ended): the choices stay on screen and unsaved, and
    // the next choice or page turn sends them again.
    if (response.transportFailed || response.statusCode !== StatusCode.Ok) return;
    if (latest.current.start !== pageStart) return;
    if (response.conflict) {
      showConflict(response, 'draft');
      return;
    }
    setRevision(response.revision ?? null);
    acknowledge(upTo);
  };

  const scheduleDraft = () => {
    if (revisionRef.current === null) return;
    window.clearTimeout(draftTimer.current);
    draftTimer.current = window.setTimeout(() => void enqueue(saveDraft), DRAFT_DELAY_MS);
  };

  useEffect(() => () => window.clearTimeout(draftTimer.current), []);

  useEffect(() => () => setHasUnsavedAnswers(false), [setHasUnsavedAnswers]);

  useEffect(() => {
    if (saveFailures > 0) banner.current?.focus();
  }, [saveFailures]);

  const focusAfterRender = useFocusAfterRender();
  // Once React has rendered the error blocks, so that the question is read with its message.
  const focusQuestion = (id: number) => focusAfterRender(() => document.getElementById(`question-${id}`));

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
    changes.current += 1;
    setHasUnsavedAnswers(true);
    scheduleDraft();
  };
  const onChange = (questionId: number, answerId: number, value: number) => onChangeMany(questionId, [[answerId, value]]);

  const turn = async (forward: boolean) => {
    if (inFlight.current) return;
    const failed = invalidQuestions(product, questions, values, { forward, notRated, unset, scaleMax });
    if (failed.length > 0) {
      setInvalid(new Map(failed.map((id) => [id, texts.errorAnswersInvalid])));
      focusQuestion(failed[0]!);
      return;
    }
    const target = forward ? (page.nextNavButtonQuestionStartIndex ?? start) : page.prevNavButtonQuestionStartIndex;
    if (!target) return;
    inFlight.current = true;
    setBusy(true);
    // The page turn saves what a waiting draft would have: the draft is not sent, and one that is
    // under way finishes first (its revision is the one this save is based on).
    window.clearTimeout(draftTimer.current);
    const answers = answersOf(questions, values);
    // Back from a page the participant left as it came saves nothing: what is on screen may be older
    // than what is saved (another tab has saved this page since) and would overwrite it; unanswered,
    // it would delete it. Next always sends the page: its save is what lets the last one finish.
    const saves = forward || changes.current > 0;
    const saveId = newSaveId();
    // Built when its turn comes: the base is the revision the save before it brought.
    const response = await enqueue(() =>
      postWhenOnline(
        'pageinfo/questionnaire',
        {
          questionsPerPage: rules.questionsPerPage,
          questionStartIndex: target,
          ...(saves && { answers: encodeAnswers(start, answers) }),
          ...(saves && revisionRef.current !== null && { baseRevision: revisionRef.current, saveId }),
        },
        setOffline,
      ),
    );
    inFlight.current = false;
    setBusy(false);
    if (response.transportFailed || response.statusCode === StatusCode.Exception) {
      setSaveFailed(true);
      setSaveFailures((count) => count + 1);
      return;
    }
    if (response.statusCode !== StatusCode.Ok) {
      setHasUnsavedAnswers(false);
      goAfterSessionChange(errorPageUrl({ statusCode: response.statusCode, detailCode: response.detailCode, exceptionId: response.exceptionId ?? undefined }));
      return;
    }
    setSaveFailed(false);
    if (response.conflict) {
      showConflict(response, forward ? 'forward' : 'back');
      return;
    }
    const serverInvalid = invalidOf(response, texts.errorAnswersInvalid);
    if (serverInvalid.size > 0) {
      setInvalid(serverInvalid);
      focusQuestion([...serverInvalid.keys()][0]!);
      return;
    }
    const next: QuestionnairePage = { ...response, translations: [] };
    setPage(next);
    setValues(valuesOf(next));
    setInvalid(new Map());
    setRevision(next.revision ?? null);
    changes.current = 0;
    acknowledged.current = 0;
    setHasUnsavedAnswers(false);
    if (next.canFinish) openModal(FINISH_CONFIRM, { returnFocusTo: submit.current });
    else focusAfterRender(() => heading.current);
  };

  const finish = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    const response = await postCall('submit/finishassessment', {});
    inFlight.current = false;
    setBusy(false);
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
    setRevision(conflict.page.revision ?? null);
    acknowledged.current = changes.current;
    setHasUnsavedAnswers(false);
    setConflict(null);
    closeModal(PAGE_CONFLICT);
  };

  const keepMine = () => {
    if (!conflict) return;
    // Mine are now based on what the server holds: sent again, they replace it knowingly.
    setRevision(conflict.page.revision ?? null);
    const { retry } = conflict;
    setConflict(null);
    closeModal(PAGE_CONFLICT);
    if (retry === 'draft') void enqueue(saveDraft);
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
  const isLastPage = !page.nextNavButtonQuestionStartIndex;
  // The language the content is really in (German where it has no translation), for screen readers.
  const contentLanguage = isLanguage(page.questionnaireLanguage) ? page.questionnaireLanguage : undefined;
  const contentLang = contentLanguage ? bcp47(contentLanguage) : undefined;
  const pageOf = fill(texts.pageOf, { current: page.currentPage ?? 1, total: page.totalNumberOfPages ?? 1 });
  const rated = questions.flatMap((q) => q.answerInfos).filter((a) => (values.get(a.id) ?? unset) !== unset).length;
  const candidate = page.isSelfAssessment
    ? ''
    : [page.candidateTitle, page.candidateFirstName, page.candidateLastName].filter(Boolean).join(' ') || page.candidatePseudonym || '';

  return (
    <div className={`${styles.screen} ${simpleLayout ? styles.simple : ''}`}>
      <PageTitle parts={[pageOf, page.questionnaireTitle]} />
      <div className={styles.top}>
        <h1 className={styles.title}>
          <span lang={contentLang}>{page.questionnaireTitle}</span>
          {candidate && <span className={styles.candidate}>{candidate}</span>}
        </h1>
        <div className={styles.topTools}>
          <p ref={heading} className={styles.pageOf} tabIndex={-1} aria-live="polite">
            {pageOf}
          </p>
          <button type="button" className="button button-secondary" aria-haspopup="dialog" onClick={() => openModal('instructions')}>
            {texts.instructionsButton}
          </button>
        </div>
        {ownProgress ? (
          <span className={styles.progress} aria-hidden="true" />
        ) : (
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={pageOf}
            // From 0, as the bar is drawn (page 1 of 6 fills a sixth): a screen reader says the same share.
            aria-valuemin={0}
            aria-valuemax={page.totalNumberOfPages ?? 1}
            aria-valuenow={page.currentPage ?? 1}
            aria-valuetext={pageOf}
          >
            <span style={{ width: `${(100 * (page.currentPage ?? 1)) / (page.totalNumberOfPages ?? 1)}%` }} />
          </div>
        )}
      </div>

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
            {fill(texts.ratedCount, { count: rated, total: questions.flatMap((q) => q.answerInfos).length })}
          </p>
        )}

        {/* Always in the page, so that the change is announced. */}
        <p className={styles.saving} role="status">
          {offline ? texts.offline : ''}
        </p>

        {saveFailed && (
          <p ref={banner} className={styles.saveFailed} role="alert" tabIndex={-1}>
            {texts.saveFailed}
          </p>
        )}

        <div className={styles.nav}>
          <button type="button" className="button button-secondary" onClick={() => void turn(false)} disabled={busy || !page.prevNavButtonQuestionStartIndex}>
            {texts.previous}
          </button>
          {/* Always in the page, its text set while a turn runs: a live region inserted with its text is
              not announced by every screen reader. */}
          <span className={styles.saving} role="status">
            {busy ? texts.saving : ''}
          </span>
          <button ref={submit} type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {isLastPage ? texts.lastPage : texts.next}
          </button>
        </div>
      </form>

      <Modal id="instructions" title={texts.instructionsTitle} closeLabel={texts.close}>
        <p>{texts.instructionsText}</p>
      </Modal>
      <Modal
        id={FINISH_CONFIRM}
        title={texts.finishTitle}
        closeLabel={texts.close}
        role="alertdialog"
        // Focus opens on the first button, the one that finishes nothing (WAI-ARIA APG: an alert
        // dialog confirming what cannot be undone starts on the least destructive action).
        actions={
          <>
            <button type="button" className="button button-secondary" onClick={() => closeModal(FINISH_CONFIRM)} disabled={busy}>
              {texts.finishNo}
            </button>
            <button type="button" className="button button-primary" onClick={() => void finish()} disabled={busy}>
              {texts.finishYes}
            </button>
          </>
        }
      >
        <p>{texts.finishText}</p>
      </Modal>
      <Modal id={FINISH_ERROR} title={texts.errorTitle} closeLabel={texts.close} role="alertdialog">
        <p>{finishError}</p>
      </Modal>
      <Modal
        id={PAGE_CONFLICT}
        title={texts.conflictTitle}
        closeLabel={texts.close}
        role="alertdialog"
        actions={
          <>
            <button type="button" className="button button-secondary" onClick={loadNewer}>
              {texts.conflictLoad}
            </button>
            <button type="button" className="button button-primary" onClick={keepMine}>
              {texts.conflictKeep}
            </button>
          </>
        }
      >
        <p>{texts.conflictText}</p>
      </Modal>
    </div>
  );
}

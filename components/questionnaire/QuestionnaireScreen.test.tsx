/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { useEffect } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ChromeTextsProvider } from '@/components/chrome/ChromeTexts';
import { UnsavedAnswersProvider, useUnsavedAnswers } from '@/components/chrome/UnsavedAnswers';
import { ModalProvider } from '@/components/modal/ModalProvider';
import { installDialogStandIns } from '@/components/modal/jsdomDialog';
import type { QuestionnairePageResponse } from '@/lib/api/schemas/questionnaire';
import type { QuestionnaireTexts } from './texts';

/**
 * The screen as a participant uses it, the calls and the navigation stood in for: drafts a second
 * after the last choice, one page-turn call each press, and what each answer to it does to the page.
 */
type Body = Record<string, unknown>;
const calls: Array<{ path: string; body: Body }> = [];
let answers: Array<Record<string, unknown>> = [];
const went: string[] = [];

jest.mock('@/lib/client/api', () => ({
  postCall: async (path: string, body: Body) => {
    calls.push({ path, body });
    return answers.shift() ?? { statusCode: 13, detailCode: 0, transportFailed: true };
  },
}));
jest.mock('@/lib/client/navigate', () => ({ goAfterSessionChange: (to: string) => went.push(to) }));

/* eslint-disable @typescript-eslint/no-require-imports -- loaded after the stand-ins above */
const { QuestionnaireScreen } = require('./QuestionnaireScreen') as typeof import('./QuestionnaireScreen');

const TEXTS: QuestionnaireTexts = {
  pageOf: 'Seite {current} von {total}',
  previous: 'Zurück',
  next: 'Weiter',
  lastPage: 'Abschließen',
  saving: 'Wird gespeichert',
  saveFailed: 'Speichern fehlgeschlagen',
  instructionsButton: 'Anleitung',
  instructionsTitle: 'Anleitung',
  instructionsText: 'So geht es.',
  errorAnswersInvalid: 'Bitte beantworten.',
  errorWord: 'Fehler',
  questionWord: 'Frage',
  statementColumn: 'Aussage',
  rankBest: '',
  rankLeast: '',
  ratedCount: '',
  finishTitle: 'Fertig?',
  finishText: 'Jetzt abschließen?',
  finishYes: 'Ja',
  finishNo: 'Nein',
  modalErrorText: 'Fehler {codes}',
  errorTitle: 'Fehler',
  close: 'Schließen',
  offline: 'Keine Verbindung',
  conflictTitle: 'Anderswo gespeichert',
  conflictText: 'Diese Seite wurde anderswo gespeichert.',
  conflictLoad: 'Neuere laden',
  conflictKeep: 'Meine behalten',
  grid: { detailsButton: 'Details', definition: 'Definition', explanation: 'Erläuterung', exaggeration: 'Übertreibung', synonyms: 'Synonyme' },
};

const CONFIG = { valueInfos: [1, 2, 3, 4].map((value) => ({ value, caption: `Wert ${value}` })), notRatedValue: 0 };

/** Page n of 3, one question each (product 2), question ids 10n, answer ids 10n+1. */
function page(n: number, extra: Partial<QuestionnairePageResponse> = {}): QuestionnairePageResponse {
  return {
    statusCode: 1,
    detailCode: 0,
    translations: [],
    questionnaireTitle: 'Fragebogen',
    currentPage: n,
    totalNumberOfPages: 3,
    prevNavButtonQuestionStartIndex: n > 1 ? n - 1 : null,
    nextNavButtonQuestionStartIndex: n < 3 ? n + 1 : null,
    noDetails: true,
    answervaluesConfig: CONFIG,
    revision: 5,
    questions: [{ questionIndex: n, id: 10 * n, text: `Frage ${n}`, answerInfos: [{ id: 10 * n + 1, answerIndex: 0, text: `Aussage ${n}`, value: -1 }] }],
    ...extra,
  } as QuestionnairePageResponse;
}

let unsaved = false;
/** Whether leaving would warn, as the header's guard reads it. */
function Unsaved() {
  const { hasUnsavedAnswers } = useUnsavedAnswers();
  useEffect(() => {
    unsaved = hasUnsavedAnswers;
  }, [hasUnsavedAnswers]);
  return null;
}

function screenFor(initial: QuestionnairePageResponse) {
  return (
    <ChromeTextsProvider value={{ errorTitle: 'Fehler', close: 'Schließen', renderErrorTitle: 'Fehler', internalError: 'Fehler {id}' }}>
      <UnsavedAnswersProvider>
        <ModalProvider>
          <main id="main">
            <QuestionnaireScreen product={2} initialPage={initial} texts={TEXTS} simpleLayout={false} />
          </main>
          <Unsaved />
        </ModalProvider>
      </UnsavedAnswersProvider>
    </ChromeTextsProvider>
  );
}

function renderScreen(initial = page(1)) {
  return render(screenFor(initial));
}

const choose = (caption: string) => fireEvent.click(screen.getByRole('radio', { name: caption }));
const press = async (name: string) => {
  fireEvent.click(screen.getByRole('button', { name }));
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
};
const waitMs = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));
const decoded = (body: Body) => JSON.parse(atob(String(body.answers))) as unknown;

beforeAll(installDialogStandIns);

beforeEach(() => {
  jest.useFakeTimers();
  calls.length = 0;
  went.length = 0;
  answers = [];
  unsaved = false;
});

afterEach(() => jest.useRealTimers());

describe('the questionnaire screen', () => {
  it('saves a draft a second after the last choice, not before, on the revision on screen', async () => {
    renderScreen();
    choose('Wert 2');
    await waitMs(600);
    choose('Wert 3');
    await waitMs(999);
    expect(calls).toHaveLength(0);
    expect(unsaved).toBe(true);
    answers = [page(1, { revision: 6 })];
    await waitMs(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ questionsPerPage: 1, questionStartIndex: 1, draft: true, baseRevision: 5 });
    expect(decoded(calls[0]!.body)).toEqual({ questionStartIndex: 1, answers: [{ id: 11, value: 3 }] });
    expect(unsaved).toBe(false);
  });

  it('turns the page with one call, based on the draft’s revision, and moves focus to the new page', async () => {
    renderScreen();
    choose('Wert 4');
    answers = [page(1, { revision: 6 })];
    await waitMs(1000);
    answers = [page(2, { revision: 2 })];
    await press('Weiter');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toMatchObject({ questionStartIndex: 2, baseRevision: 6 });
    expect(decoded(calls[1]!.body)).toEqual({ questionStartIndex: 1, answers: [{ id: 11, value: 4 }] });
    expect(typeof calls[1]!.body.saveId).toBe('string');
    expect(screen.getByText('Seite 2 von 3', { selector: 'p' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Wert 4' })).not.toBeChecked();
    expect(unsaved).toBe(false);
  });

  it('sends a choice pressed before its draft with the page turn, and no draft after it', async () => {
    renderScreen();
    choose('Wert 1');
    answers = [page(2)];
    await press('Weiter');
    await waitMs(2000);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ questionStartIndex: 2, baseRevision: 5 });
  });

  it('refuses Next with a question unanswered: its message, focus on it, no call', async () => {
    renderScreen();
    await press('Weiter');
    expect(calls).toHaveLength(0);
    expect(screen.getByText(/Bitte beantworten\./)).toBeInTheDocument();
    expect(document.activeElement?.id).toBe('question-10');
  });

  it('keeps the page turned to when a render that began before the turn arrives after it (Stay signed in, then Next at once)', async () => {
    const { rerender } = renderScreen(page(1));
    choose('Wert 2');
    answers = [page(2, { revision: 3 })];
    await press('Weiter');
    expect(screen.getByText('Seite 2 von 3', { selector: 'p' })).toBeInTheDocument();
    choose('Wert 4');
    // The renewal's second render, made while page 1 was still the session's page.
    rerender(screenFor(page(1, { revision: 5 })));
    expect(screen.getByText('Seite 2 von 3', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Wert 4' })).toBeChecked();
    // The draft of the page on screen still names the revision it was chosen on.
    answers = [page(2, { revision: 4 })];
    await waitMs(1000);
    expect(calls.at(-1)!.body).toMatchObject({ questionStartIndex: 2, draft: true, baseRevision: 3 });
  });

  it('takes another page the server renders when this tab turned none since (another tab moved on)', async () => {
    const { rerender } = renderScreen(page(1));
    choose('Wert 2');
    rerender(screenFor(page(3, { revision: 1 })));
    expect(screen.getByText('Seite 3 von 3', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Wert 2' })).not.toBeChecked();
  });

  it('after a turn, takes a render of the page turned to, keeping the answers chosen on it', async () => {
    const { rerender } = renderScreen(page(1));
    choose('Wert 1');
    answers = [page(2, { revision: 3 })];
    await press('Weiter');
    choose('Wert 3');
    rerender(screenFor(page(2, { revision: 3, questionnaireTitle: 'Questionnaire' })));
    expect(screen.getByText('Seite 2 von 3', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Wert 3' })).toBeChecked();
    // A render after that one starts afresh: the next one of another page is taken.
    rerender(screenFor(page(1, { revision: 6 })));
    expect(screen.getByText('Seite 1 von 3', { selector: 'p' })).toBeInTheDocument();
  });

  it('keeps the page turned to through two renders that began before the turn', async () => {
    const { rerender } = renderScreen(page(1));
    choose('Wert 1');
    answers = [page(2, { revision: 3 })];
    await press('Weiter');
    choose('Wert 3');
    rerender(screenFor(page(1, { revision: 5 })));
    rerender(screenFor(page(1, { revision: 5, questionnaireTitle: 'Questionnaire' })));
    expect(screen.getByText('Seite 2 von 3', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Wert 3' })).toBeChecked();
  });

  it('goes back from a page left as it came without saving it', async () => {
    renderScreen(page(2));
    answers = [page(1)];
    await press('Zurück');
    expect(calls[0]!.body).toEqual({ questionsPerPage: 1, questionStartIndex: 1 });
    expect(screen.getByText('Seite 1 von 3', { selector: 'p' })).toHaveFocus();
  });

  it('keeps the answers and says so when the save fails, focus on the banner; the next press sends again', async () => {
    renderScreen();
    choose('Wert 2');
    answers = [{ statusCode: 13, detailCode: 0 }];
    await press('Weiter');
    expect(screen.getByRole('alert')).toHaveTextContent('Speichern fehlgeschlagen');
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Wert 2' })).toBeChecked();
    answers = [page(2)];
    await press('Weiter');
    expect(calls).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Seite 2 von 3', { selector: 'p' })).toHaveFocus();
  });

  it('goes to the error page when the session is gone', async () => {
    renderScreen();
    choose('Wert 2');
    answers = [{ statusCode: 4, detailCode: 0, exceptionId: 'x-1' }];
    await press('Weiter');
    expect(went).toEqual(['/error?statusCode=4&detailCode=0&exceptionId=x-1']);
    expect(unsaved).toBe(false);
  });

  it('shows the server’s messages on the questions it refused', async () => {
    renderScreen();
    choose('Wert 2');
    const refused = page(1);
    refused.questions![0]!.errorMessage = 'Nicht so.';
    answers = [refused];
    await press('Weiter');
    expect(screen.getByText(/Nicht so\./)).toBeInTheDocument();
    expect(document.activeElement?.id).toBe('question-10');
  });

  it('asks on a conflict; keeping mine sends the turn again on the server’s revision', async () => {
    renderScreen();
    choose('Wert 2');
    answers = [page(1, { conflict: true, revision: 9 })];
    await press('Weiter');
    expect(screen.getByRole('alertdialog', { name: 'Anderswo gespeichert' })).toBeInTheDocument();
    answers = [page(2, { revision: 1 })];
    await press('Meine behalten');
    expect(calls[1]!.body).toMatchObject({ questionStartIndex: 2, baseRevision: 9 });
    expect(screen.getByText('Seite 2 von 3', { selector: 'p' })).toBeInTheDocument();
  });

  it('asks on a draft’s conflict; loading the newer shows the server’s answers', async () => {
    renderScreen();
    choose('Wert 2');
    const server = page(1, { conflict: true, revision: 9 });
    server.questions![0]!.answerInfos[0]!.value = 4;
    answers = [server];
    await waitMs(1000);
    expect(screen.getByRole('alertdialog', { name: 'Anderswo gespeichert' })).toBeInTheDocument();
    await press('Neuere laden');
    expect(screen.getByRole('radio', { name: 'Wert 4' })).toBeChecked();
    expect(unsaved).toBe(false);
    answers = [page(2)];
    await press('Weiter');
    expect(calls[1]!.body).toMatchObject({ baseRevision: 9 });
  });

  it('offers to finish after the last page, and finishes', async () => {
    renderScreen(page(3));
    expect(screen.getByRole('button', { name: 'Abschließen' })).toBeInTheDocument();
    choose('Wert 1');
    answers = [page(3, { canFinish: true })];
    await press('Abschließen');
    expect(calls[0]!.body).toMatchObject({ questionStartIndex: 3 });
    expect(screen.getByRole('alertdialog', { name: 'Fertig?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nein' })).toHaveFocus();
    answers = [{ statusCode: 1, detailCode: 0, logout: true }];
    await press('Ja');
    expect(calls[1]!.path).toBe('submit/finishassessment');
    expect(went).toEqual(['/finishedquestionnaire']);
  });

  it('says when finishing failed, with the codes', async () => {
    renderScreen(page(3));
    choose('Wert 1');
    answers = [page(3, { canFinish: true }), { statusCode: 9, detailCode: 3 }];
    await press('Abschließen');
    await press('Ja');
    expect(screen.getByRole('alertdialog', { name: 'Fehler' })).toHaveTextContent('Fehler 9 / 3');
  });
});

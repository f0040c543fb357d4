/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { useRef } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChromeTextsProvider } from '@/components/chrome/ChromeTexts';
import { ErrorModal } from '@/components/modal/ErrorModal';
import { installDialogStandIns } from '@/components/modal/jsdomDialog';
import { ModalProvider } from '@/components/modal/ModalProvider';
import type { Outcome } from '@/lib/flows/outcome';

/** The one submit hook in a small form: busy while the call runs, then the outcome applied. The navigation is a stand-in. */
const went: Array<{ to: string; replace?: boolean }> = [];
jest.mock('@/lib/client/navigate', () => ({ goAfterSessionChange: (to: string, options: { replace?: boolean } = {}) => went.push({ to, ...options }) }));

/* eslint-disable @typescript-eslint/no-require-imports -- loaded after the stand-in above */
const { useSubmit } = require('./useSubmit') as typeof import('./useSubmit');

beforeAll(installDialogStandIns);
beforeEach(() => {
  went.length = 0;
});

type Seen = { stay: string[]; done: string[]; modal: string[] };

function Form({ answers, seen, replace }: { answers: Array<Promise<Outcome>>; seen: Seen; replace?: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  const { busy, submit, errorModal } = useSubmit<Outcome>({
    modal: 'test-error',
    text: (outcome) => `text of ${outcome.messageKey}`,
    returnFocusTo: () => button.current,
    onModal: (outcome) => seen.modal.push(outcome.messageKey),
    onStay: (outcome) => seen.stay.push(outcome.messageKey),
    onDone: (outcome) => seen.done.push(outcome.kind),
  });
  return (
    <>
      <button ref={button} type="button" aria-busy={busy} onClick={() => void submit(() => answers.shift()!, { replace })}>
        Send
      </button>
      <ErrorModal {...errorModal} />
    </>
  );
}

function renderForm(answers: Array<Promise<Outcome>>, replace?: boolean) {
  const seen: Seen = { stay: [], done: [], modal: [] };
  render(
    <ChromeTextsProvider value={{ errorTitle: 'Error', close: 'Close', renderErrorTitle: 'Error', internalError: 'Internal {id}' }}>
      <ModalProvider>
        <main id="main" tabIndex={-1}>
          <Form answers={answers} seen={seen} replace={replace} />
        </main>
      </ModalProvider>
    </ChromeTextsProvider>,
  );
  return { seen, button: () => screen.getByRole('button', { name: 'Send' }) };
}

describe('useSubmit', () => {
  it('goes to the page and stays busy; a second press meanwhile sends nothing', async () => {
    const { button } = renderForm([Promise.resolve({ kind: 'go', to: '/accesscode' }), Promise.resolve({ kind: 'go', to: '/twice' })]);
    await userEvent.click(button());
    await userEvent.click(button());
    expect(went).toEqual([{ to: '/accesscode' }]);
    expect(button()).toHaveAttribute('aria-busy', 'true');
  });

  it('shows the error page by its address, replacing this page where asked', async () => {
    const { button } = renderForm([Promise.resolve({ kind: 'errorPage', error: { statusCode: 6, detailCode: 6, codeTyped: true } })], true);
    await userEvent.click(button());
    expect(went).toEqual([{ to: '/error?statusCode=6&detailCode=6&typed=1', replace: true }]);
  });

  it('ignores a press while the call runs, even within one render', async () => {
    let answer!: (outcome: Outcome) => void;
    const { button, seen } = renderForm([new Promise((resolve) => (answer = resolve)), Promise.resolve({ kind: 'done' })]);
    act(() => {
      button().click();
      button().click();
    });
    expect(button()).toHaveAttribute('aria-busy', 'true');
    await act(async () => answer({ kind: 'stay', messageKey: 'failed' }));
    expect(seen.stay).toEqual(['failed']);
    expect(seen.done).toEqual([]);
    expect(button()).toHaveAttribute('aria-busy', 'false');
    await userEvent.click(button());
    expect(seen.done).toEqual(['done']);
    expect(went).toEqual([]);
  });

  it('opens the error modal with the text, and focus goes back to the control when it closes', async () => {
    const { button, seen } = renderForm([Promise.resolve({ kind: 'modal', messageKey: 'saveFailed' })]);
    await userEvent.click(button());
    expect(seen.modal).toEqual(['saveFailed']);
    expect(screen.getByRole('alertdialog')).toHaveTextContent('text of saveFailed');
    expect(button()).toHaveAttribute('aria-busy', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(button()).toHaveFocus();
  });
});

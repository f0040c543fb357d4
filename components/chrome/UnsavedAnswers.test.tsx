/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BeforeUnloadGuard, UnsavedAnswersProvider, useUnsavedAnswers } from './UnsavedAnswers';

/** Stands in for the questionnaire: it marks answers as unsaved when typed and saved when sent. */
function Questionnaire() {
  const { hasUnsavedAnswers, setHasUnsavedAnswers } = useUnsavedAnswers();
  return (
    <>
      <button type="button" onClick={() => setHasUnsavedAnswers(true)}>
        Antwort ändern
      </button>
      <button type="button" onClick={() => setHasUnsavedAnswers(false)}>
        Speichern
      </button>
      <output>{hasUnsavedAnswers ? 'ungespeichert' : 'gespeichert'}</output>
    </>
  );
}

function renderGuard() {
  const user = userEvent.setup();
  const view = render(
    <UnsavedAnswersProvider>
      <Questionnaire />
      <BeforeUnloadGuard />
    </UnsavedAnswersProvider>,
  );
  return { user, ...view };
}

/** Fires beforeunload as a browser would and reports whether the page asked before leaving. */
function leavingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('BeforeUnloadGuard', () => {
  it('does not ask while nothing is unsaved', () => {
    renderGuard();
    expect(screen.getByRole('status')).toHaveTextContent('gespeichert');
    expect(leavingAsks()).toBe(false);
  });

  it('asks while answers are unsaved and stops asking once they are saved', async () => {
    const { user } = renderGuard();
    await user.click(screen.getByRole('button', { name: 'Antwort ändern' }));
    expect(leavingAsks()).toBe(true);
    expect(leavingAsks()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(leavingAsks()).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Antwort ändern' }));
    expect(leavingAsks()).toBe(true);
  });

  it('setting unsaved twice still leaves exactly one prompt that goes away after saving', async () => {
    const { user } = renderGuard();
    await user.click(screen.getByRole('button', { name: 'Antwort ändern' }));
    await user.click(screen.getByRole('button', { name: 'Antwort ändern' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(leavingAsks()).toBe(false);
  });

  it('stops asking when the guard is gone (the page was left inside the app)', async () => {
    const { user, unmount } = renderGuard();
    await user.click(screen.getByRole('button', { name: 'Antwort ändern' }));
    unmount();
    expect(leavingAsks()).toBe(false);
  });

  it('useUnsavedAnswers outside the provider fails loudly', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => render(<BeforeUnloadGuard />)).toThrow('useUnsavedAnswers needs an <UnsavedAnswersProvider> above it');
    } finally {
      spy.mockRestore();
    }
  });
});

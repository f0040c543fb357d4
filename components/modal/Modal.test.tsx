/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { useEffect, useRef, useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChromeTextsProvider } from '@/components/chrome/ChromeTexts';
import deMessages from '@/messages/de-DE.json';
import enMessages from '@/messages/en-US.json';
import { ErrorModal } from './ErrorModal';
import { installDialogStandIns } from './jsdomDialog';
import { Modal } from './Modal';
import { ModalProvider, useModal } from './ModalProvider';

beforeAll(installDialogStandIns);

function Opener({ id = 'x', label = 'Öffnen' }: { id?: string; label?: string }) {
  const { openModal } = useModal();
  return (
    <button type="button" onClick={() => openModal(id)}>
      {label}
    </button>
  );
}

function Page() {
  return (
    <ModalProvider>
      <button type="button">Anderes</button>
      <Opener />
      <Modal id="x" title="T" closeLabel="Schließen">
        <p>Inhalt des Dialogs</p>
      </Modal>
    </ModalProvider>
  );
}

const dialog = () => document.querySelector('dialog[data-modal-id="x"]') as HTMLDialogElement;

async function openIt() {
  const user = userEvent.setup();
  render(<Page />);
  const opener = screen.getByRole('button', { name: 'Öffnen' });
  await user.click(opener);
  return { user, opener };
}

/** As in a browser: close() fires its 'close' event in a task of its own, after React's batch. */
async function withCloseEventInATask(work: () => Promise<void>): Promise<void> {
  const syncClose = HTMLDialogElement.prototype.close;
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    setTimeout(() => this.dispatchEvent(new Event('close')));
  };
  try {
    await work();
  } finally {
    HTMLDialogElement.prototype.close = syncClose;
  }
}

describe('Modal', () => {
  it('is closed at first: no title, no content, dialog not open', () => {
    render(<Page />);
    expect(dialog()).not.toHaveAttribute('open');
    expect(screen.queryByText('T')).not.toBeInTheDocument();
    expect(screen.queryByText('Inhalt des Dialogs')).not.toBeInTheDocument();
  });

  it('opening shows the title as heading and the content, labelled and described by them', async () => {
    await openIt();
    expect(dialog()).toHaveAttribute('open');
    const heading = screen.getByRole('heading', { name: 'T' });
    expect(heading).toBeVisible();
    expect(screen.getByText('Inhalt des Dialogs')).toBeInTheDocument();
    expect(dialog()).toHaveAttribute('aria-labelledby', heading.id);
    expect(document.getElementById(dialog().getAttribute('aria-describedby')!)).toHaveTextContent('Inhalt des Dialogs');
  });

  it('the close button closes it and focus returns to the opener', async () => {
    const { user, opener } = await openIt();
    const close = screen.getByRole('button', { name: 'Schließen' });
    await user.click(close);
    expect(dialog()).not.toHaveAttribute('open');
    expect(screen.queryByText('T')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('Escape (the cancel event) closes it and focus returns to the opener', async () => {
    const { opener } = await openIt();
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog().dispatchEvent(cancel);
    });
    // The component closes through its own state, not the browser's default.
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog()).not.toHaveAttribute('open');
    expect(screen.queryByText('T')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('Escape, then at once Tab: focus is back on the opener at once, and the late close event does not take it back', async () => {
    await withCloseEventInATask(async () => {
      const { opener } = await openIt();
      act(() => {
        dialog().dispatchEvent(new Event('cancel', { cancelable: true }));
      });
      expect(dialog()).not.toHaveAttribute('open');
      expect(opener).toHaveFocus();
      // The participant tabs on before the browser's close event has come.
      const other = screen.getByRole('button', { name: 'Anderes' });
      other.focus();
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
      expect(other).toHaveFocus();
    });
  });

  it('a click on the dialog element itself (the backdrop) closes it', async () => {
    const { user, opener } = await openIt();
    await user.click(dialog());
    expect(dialog()).not.toHaveAttribute('open');
    expect(screen.queryByText('T')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it.each([
    ['the title', () => screen.getByRole('heading', { name: 'T' })],
    ['the content', () => screen.getByText('Inhalt des Dialogs')],
  ])('a click on %s inside the panel does not close it', async (_label, target) => {
    const { user } = await openIt();
    await user.click(target());
    expect(dialog()).toHaveAttribute('open');
    expect(screen.getByRole('heading', { name: 'T' })).toBeInTheDocument();
  });

  it('the close event of an earlier close, arriving after the same modal was opened again, leaves it open', async () => {
    const { user, opener } = await openIt();
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    await user.click(opener);
    expect(dialog()).toHaveAttribute('open');
    // The browser queues 'close' as a task: under load it may come after the new opening.
    act(() => {
      dialog().dispatchEvent(new Event('close'));
    });
    expect(dialog()).toHaveAttribute('open');
    expect(screen.getByText('Inhalt des Dialogs')).toBeInTheDocument();
  });

  it('opening one modal leaves another closed, and a late close of the other does not shut it', async () => {
    const user = userEvent.setup();
    function Late() {
      const { closeModal } = useModal();
      return (
        <button type="button" onClick={() => closeModal('y')}>
          Close y
        </button>
      );
    }
    render(
      <ModalProvider>
        <Opener />
        <Late />
        <Modal id="x" title="T" closeLabel="Schließen">
          <p>x</p>
        </Modal>
        <Modal id="y" title="Other" closeLabel="Schließen">
          <p>y</p>
        </Modal>
      </ModalProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    expect(dialog()).toHaveAttribute('open');
    expect(document.querySelector('dialog[data-modal-id="y"]')).not.toHaveAttribute('open');
    await user.click(screen.getByRole('button', { name: 'Close y' }));
    expect(dialog()).toHaveAttribute('open');
  });

  it('custom actions replace the close button', async () => {
    const user = userEvent.setup();
    render(
      <ModalProvider>
        <Opener />
        <Modal id="x" title="T" closeLabel="Schließen" actions={<button type="button">Weiter</button>}>
          <p>x</p>
        </Modal>
      </ModalProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schließen' })).not.toBeInTheDocument();
  });

  it('a modal that opens by itself after its control lost focus gives focus back to the control it names', async () => {
    const user = userEvent.setup();
    // The questionnaire's last page: the save button is disabled while the page is sent (so it
    // loses focus), then the finish confirmation opens by itself.
    function LastPage() {
      const { openModal } = useModal();
      const save = useRef<HTMLButtonElement>(null);
      const [busy, setBusy] = useState(false);
      const onSave = async () => {
        setBusy(true);
        (document.activeElement as HTMLElement | null)?.blur();
        await Promise.resolve();
        setBusy(false);
        openModal('confirm', { returnFocusTo: save.current });
      };
      return (
        <>
          <button type="button">Zurück</button>
          <button ref={save} type="button" disabled={busy} onClick={() => void onSave()}>
            Speichern und abschließen
          </button>
          <Modal id="confirm" title="Befragung abschließen" closeLabel="Schließen">
            <p>Jetzt abschließen?</p>
          </Modal>
        </>
      );
    }
    render(
      <ModalProvider>
        <LastPage />
      </ModalProvider>,
    );
    const save = screen.getByRole('button', { name: 'Speichern und abschließen' });
    await user.click(save);
    const close = await screen.findByRole('button', { name: 'Schließen' });
    expect(close).toHaveFocus();
    await user.click(close);
    expect(save).toHaveFocus();
  });

  it('a modal opened from within another (confirmation, then error) gives focus back to the first one’s opener', async () => {
    const user = userEvent.setup();
    function Finish() {
      const { openModal, closeModal } = useModal();
      return (
        <>
          <button type="button" onClick={() => openModal('confirm')}>
            Speichern und abschließen
          </button>
          <Modal
            id="confirm"
            title="Befragung abschließen"
            closeLabel="Schließen"
            actions={
              <button
                type="button"
                onClick={() => {
                  closeModal('confirm');
                  openModal('error');
                }}
              >
                Jetzt abschließen
              </button>
            }
          >
            <p>Jetzt abschließen?</p>
          </Modal>
          <Modal id="error" title="Fehler" closeLabel="Schließen">
            <p>Status / Detail: 13 / 24</p>
          </Modal>
        </>
      );
    }
    render(
      <ModalProvider>
        <Finish />
      </ModalProvider>,
    );
    // As in a browser, the close event comes after the batch in which the next modal opened.
    await withCloseEventInATask(async () => {
      const opener = screen.getByRole('button', { name: 'Speichern und abschließen' });
      await user.click(opener);
      await user.click(screen.getByRole('button', { name: 'Jetzt abschließen' }));
      expect(screen.getByRole('heading', { name: 'Fehler' })).toBeInTheDocument();
      const close = screen.getByRole('button', { name: 'Schließen' });
      await waitFor(() => expect(close).toHaveFocus());
      await user.click(close);
      expect(screen.queryByRole('heading', { name: 'Fehler' })).not.toBeInTheDocument();
      await waitFor(() => expect(opener).toHaveFocus());
    });
  });

  it('a modal opened while nothing had focus gives focus to the main landmark, never to <body>', async () => {
    const user = userEvent.setup();
    function Late() {
      const { openModal } = useModal();
      useEffect(() => openModal('x'), [openModal]);
      return (
        <Modal id="x" title="T" closeLabel="Schließen">
          <p>x</p>
        </Modal>
      );
    }
    render(
      <ModalProvider>
        <main id="main" tabIndex={-1}>
          <Late />
        </main>
      </ModalProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Schließen' }));
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('useModal outside a provider fails loudly', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => render(<Opener />)).toThrow('useModal needs a <ModalProvider> above it');
    } finally {
      spy.mockRestore();
    }
  });
});

/** The chrome texts the root layout hands down, taken from a message file. */
function textsOf(messages: typeof deMessages) {
  return { errorTitle: messages.modal.errorTitle, close: messages.modal.close, renderErrorTitle: messages.errorPage.title, internalError: messages.errorPage.internal };
}

describe('ErrorModal', () => {
  function ErrorPage() {
    return (
      <ChromeTextsProvider value={textsOf(deMessages)}>
        <ModalProvider>
          <Opener id="error" />
          <ErrorModal id="error" message="Die Verbindung ist abgebrochen." />
        </ModalProvider>
      </ChromeTextsProvider>
    );
  }

  it("shows 'Fehler' and 'Schließen' (spec §8) with the message, as an alert dialog", async () => {
    const user = userEvent.setup();
    render(<ErrorPage />);
    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    const alert = screen.getByRole('alertdialog');
    expect(alert).toHaveAttribute('open');
    expect(screen.getByRole('heading', { name: 'Fehler' })).toBeInTheDocument();
    expect(screen.getByText('Die Verbindung ist abgebrochen.')).toBeInTheDocument();
    const close = screen.getByRole('button', { name: 'Schließen' });
    await user.click(close);
    expect(alert).not.toHaveAttribute('open');
    expect(screen.queryByText('Fehler')).not.toBeInTheDocument();
  });

  it('uses the message file texts, not hard-coded ones', async () => {
    render(
      <ChromeTextsProvider value={textsOf(enMessages)}>
        <ModalProvider>
          <Opener id="error" />
          <ErrorModal id="error" message="m" />
        </ModalProvider>
      </ChromeTextsProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Öffnen' }));
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});

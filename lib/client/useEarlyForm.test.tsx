/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, useState, type FormEvent, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextEncoder } from 'node:util';
import { EARLY_FORM_CAPTURE } from './earlyFormCapture';
import { useEarlyForm } from './useEarlyForm';
import { useHydrated } from './useHydrated';

type Sent = { code: string; consent: boolean; rank: string; how: 'submit' | 'back' };

/**
 * Stands in for the app's forms: controlled fields, a save button that becomes disabled by a rule
 * once hydrated (a re-render right after hydration, as in the real forms), a submit and a back button.
 */
function CodeForm({ onSend }: { onSend: (sent: Sent) => void }) {
  const formRef = useEarlyForm();
  const hydrated = useHydrated();
  const [code, setCode] = useState('');
  const [consent, setConsent] = useState(false);
  const [rank, setRank] = useState('');
  const send = (how: Sent['how']) => onSend({ code, consent, rank, how });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send('submit');
  };
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <label>
        Code
        <input type="password" value={code} onChange={(event) => setCode(event.target.value)} />
      </label>
      <label>
        <input type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} />
        Consent
      </label>
      {['1', '2'].map((value) => (
        <label key={value}>
          <input type="radio" name="rank" value={value} checked={rank === value} onChange={() => setRank(value)} />
          Rank {value}
        </label>
      ))}
      <button type="button" onClick={() => send('back')}>
        Back
      </button>
      <button type="submit" disabled={hydrated && code === ''}>
        Send
      </button>
    </form>
  );
}

/** Like the register form: one state object, each handler building on the state of its render. */
function NameForm({ onSend }: { onSend: (names: { first: string; last: string }) => void }) {
  const formRef = useEarlyForm();
  const [names, setNames] = useState({ first: '', last: '' });
  const field = (name: 'first' | 'last') => (
    <label>
      {name}
      <input value={names[name]} onChange={(event) => setNames({ ...names, [name]: event.target.value })} />
    </label>
  );
  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        onSend(names);
      }}
    >
      {field('first')}
      {field('last')}
      <button type="submit">Save</button>
    </form>
  );
}

/** A server-action form is POST and works natively: the capture must let it go. */
function ActionForm() {
  return (
    <form method="post" action="/sign-out">
      <button type="submit">Sign out</button>
    </form>
  );
}

let container: HTMLDivElement;
let root: Root | undefined;
const held: boolean[] = [];
const noteHeld = (event: Event) => {
  held.push(event.defaultPrevented);
  // jsdom cannot navigate; a submit the capture let through stops here.
  event.preventDefault();
};

/** The page as the server sends it, with the layout's capture script run before anything else. */
async function serverPage(element: ReactElement) {
  Object.assign(globalThis, { TextEncoder });
  const { renderToString } = await import('react-dom/server');
  container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  new Function(EARLY_FORM_CAPTURE)();
}

async function hydrate(element: ReactElement) {
  await act(async () => {
    root = hydrateRoot(container, element);
  });
}

beforeEach(() => {
  held.length = 0;
  window.addEventListener('submit', noteHeld);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  window.removeEventListener('submit', noteHeld);
  delete window.__earlyForms;
  sessionStorage.clear();
  localStorage.clear();
});

describe('useEarlyForm', () => {
  it('keeps what was typed and chosen before hydration and carries out the held Enter with it', async () => {
    const onSend = jest.fn();
    await serverPage(<CodeForm onSend={onSend} />);
    const user = userEvent.setup();
    // Enabled in the server's HTML, so that Enter submits at all.
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    await user.type(screen.getByLabelText('Code'), 'RANK4711');
    await user.click(screen.getByLabelText('Consent'));
    await user.click(screen.getByLabelText('Rank 1'));
    await user.click(screen.getByLabelText('Rank 2'));
    await user.type(screen.getByLabelText('Code'), '{Enter}');
    // Held: no native submit happened, and nothing typed went into browser storage.
    expect(held).toEqual([true]);
    expect(sessionStorage.length + localStorage.length).toBe(0);

    await hydrate(<CodeForm onSend={onSend} />);

    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith({ code: 'RANK4711', consent: true, rank: '2', how: 'submit' });
    expect(screen.getByLabelText('Code')).toHaveValue('RANK4711');
    expect(screen.getByLabelText('Consent')).toBeChecked();
    expect(screen.getByLabelText('Rank 2')).toBeChecked();
    expect(screen.getByLabelText('Rank 1')).not.toBeChecked();
  });

  it('carries out a button press made before hydration, with the values typed before it', async () => {
    const onSend = jest.fn();
    await serverPage(<CodeForm onSend={onSend} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code'), 'AB');
    await user.click(screen.getByRole('button', { name: 'Back' }));

    await hydrate(<CodeForm onSend={onSend} />);

    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith({ code: 'AB', consent: false, rank: '', how: 'back' });
  });

  it('keeps typed values without sending anything when nothing was submitted', async () => {
    const onSend = jest.fn();
    await serverPage(<CodeForm onSend={onSend} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code'), 'XY');

    await hydrate(<CodeForm onSend={onSend} />);

    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Code')).toHaveValue('XY');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('leaves a live form to React: typing and sending after hydration happen once', async () => {
    const onSend = jest.fn();
    await serverPage(<CodeForm onSend={onSend} />);
    await hydrate(<CodeForm onSend={onSend} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code'), 'LIVE1{Enter}');

    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith({ code: 'LIVE1', consent: false, rank: '', how: 'submit' });
    expect(window.__earlyForms?.changes.size).toBe(0);
    expect(window.__earlyForms?.action).toBeNull();
  });

  it('hands each early change over on its own, so that handlers building on their render keep every field', async () => {
    const onSend = jest.fn();
    await serverPage(<NameForm onSend={onSend} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('first'), 'Rosa');
    await user.type(screen.getByLabelText('last'), 'Frueh{Enter}');

    await hydrate(<NameForm onSend={onSend} />);

    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith({ first: 'Rosa', last: 'Frueh' });
  });

  it('lets a server-action (POST) form submit natively before hydration', async () => {
    await serverPage(<ActionForm />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(held).toEqual([false]);
    expect(window.__earlyForms?.action).toBeNull();
  });
});

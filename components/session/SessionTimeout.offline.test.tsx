/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import { installDialogStandIns } from '@/components/modal/jsdomDialog';
import { ModalProvider } from '@/components/modal/ModalProvider';
import deMessages from '@/messages/de-DE.json';
import { SessionTimeout, type SessionTimeoutTexts } from './SessionTimeout';

/**
 * The dialog's code is fetched when the session's end comes near. A participant who is offline just
 * then must keep the page and what is on it: the fetch fails (here the first two tries), is tried
 * again, and the dialog comes once it arrives. A file of its own: the failing fetch is this file's
 * mock of the dialog's module.
 */
let mockFailuresLeft = 2;
jest.mock('./SessionTimeoutDialog', () => {
  if (mockFailuresLeft > 0) {
    mockFailuresLeft -= 1;
    throw new Error('Failed to load chunk: net::ERR_INTERNET_DISCONNECTED');
  }
  return jest.requireActual('./SessionTimeoutDialog');
});
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: () => {} }) }));

beforeAll(installDialogStandIns);

const TEXTS = deMessages.session as SessionTimeoutTexts;

async function pass(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z') }));
afterEach(() => {
  document.cookie = 'session-ends=; max-age=0; path=/';
  jest.useRealTimers();
});

it('offline when the dialog\'s code is needed: the page stays, the code is fetched again, and the warning comes', async () => {
  document.cookie = `session-ends=${Date.now() + 100_000}; path=/`;
  render(
    <ModalProvider>
      <label>
        Antwort <input type="radio" defaultChecked />
      </label>
      <SessionTimeout serverNow={Date.now()} warnBeforeSeconds={120} language="de-DE" texts={TEXTS} />
    </ModalProvider>,
  );
  // The first try fails: nothing is shown instead of the page, the answer stays.
  await pass(1000);
  expect(screen.getByRole('radio', { name: 'Antwort' })).toBeChecked();
  expect(document.querySelector('dialog[open]')).toBeNull();
  // The wrapper tries again at each look at the cookie (every 5 s): the second try fails too, the third brings the dialog.
  await pass(5000);
  expect(document.querySelector('dialog[open]')).toBeNull();
  await pass(5000);
  await pass(1000);
  expect(mockFailuresLeft).toBe(0);
  expect(screen.getByRole('alertdialog', { name: 'Ihre Sitzung läuft bald ab' })).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'Antwort', hidden: true })).toBeChecked();
});

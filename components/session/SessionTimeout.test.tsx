/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { installDialogStandIns } from '@/components/modal/jsdomDialog';
import { ModalProvider } from '@/components/modal/ModalProvider';
import deMessages from '@/messages/de-DE.json';
import { useAnswersKeptThroughTimeout } from '@/lib/client/answersKept';
import { SessionTimeout, type SessionTimeoutTexts } from './SessionTimeout';

/** "Stay signed in" loads the page again (router.refresh), whose token renewal moves the cookie: here the test's refresh does. */
let onRefresh: () => void = () => {};
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: () => onRefresh() }) }));

const navigate = jest.fn();
jest.mock('@/lib/client/navigate', () => ({ goAfterSessionChange: (to: string) => navigate(to) }));

beforeAll(installDialogStandIns);

const TEXTS = deMessages.session as SessionTimeoutTexts;
const WARN_S = 120;
const TTL_MS = 4 * 3600_000;

function setExpiry(at: number) {
  document.cookie = `session-ends=${at}; path=/`;
}

function Questionnaire() {
  useAnswersKeptThroughTimeout(true);
  return (
    <button type="button" autoFocus>
      Weiter
    </button>
  );
}

function renderPage(serverNow = Date.now(), signInPath?: string) {
  return render(
    <ModalProvider>
      <Questionnaire />
      <SessionTimeout serverNow={serverNow} warnBeforeSeconds={WARN_S} language="de-DE" texts={TEXTS} {...(signInPath && { signInPath })} />
    </ModalProvider>,
  );
}

const dialog = () => document.querySelector('dialog[data-modal-id="session-timeout"]') as HTMLDialogElement;
/** The dialog's code arrives only when the end is near: before that there is no dialog at all. */
const isOpen = () => dialog()?.open === true;
const liveRegion = () => dialog().querySelector('[aria-live]');
const countdown = () => screen.queryByTestId('session-countdown');

/** Lets the dialog's one-second clock run this long. */
async function pass(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z') });
  navigate.mockReset();
  onRefresh = () => setExpiry(Date.now() + TTL_MS);
});
afterEach(() => {
  document.cookie = 'session-ends=; max-age=0; path=/';
  jest.useRealTimers();
});

describe('the session-timeout dialog', () => {
  it('stays shut while the end is far, opens 2 minutes before it, says when and that the answers are kept', async () => {
    setExpiry(Date.now() + 10 * 60_000);
    renderPage();
    await pass(1000);
    expect(isOpen()).toBe(false);
    await pass(8 * 60_000 - 1000);
    expect(isOpen()).toBe(true);
    expect(dialog()).toHaveAttribute('role', 'alertdialog');
    expect(screen.getByRole('heading', { name: 'Ihre Sitzung läuft bald ab' })).toBeInTheDocument();
    expect(countdown()).toHaveTextContent('Aus Sicherheitsgründen endet Ihre Sitzung in 2 Minuten.');
    expect(countdown()).toHaveAttribute('aria-hidden', 'true');
    expect(liveRegion()).toHaveTextContent('Aus Sicherheitsgründen endet Ihre Sitzung in 2 Minuten.');
    expect(dialog()).toHaveTextContent(TEXTS.answersKept);
    expect(screen.getByRole('button', { name: 'Angemeldet bleiben', hidden: true })).toHaveFocus();
  });

  it('counts down every second on screen, and in steps for a screen reader', async () => {
    setExpiry(Date.now() + 120_000);
    renderPage();
    await pass(1000);
    const heard = new Set<string>();
    const seen = new Set<string>();
    for (let second = 0; second < 119; second++) {
      heard.add(liveRegion()!.textContent!);
      seen.add(countdown()!.textContent!);
      await pass(1000);
    }
    expect(seen.size).toBeGreaterThan(60);
    expect([...heard].map((text) => text.replace('Aus Sicherheitsgründen endet Ihre Sitzung in ', ''))).toEqual(['2 Minuten.', '60 Sekunden.', '40 Sekunden.', '20 Sekunden.']);
  });

  it('"Stay signed in" extends, ten times over, and focus goes back where it was', async () => {
    setExpiry(Date.now() + 121_000);
    renderPage();
    const before = screen.getByRole('button', { name: 'Weiter' });
    for (let round = 1; round <= 10; round++) {
      // The end is always 2 minutes (and a second) after the last extension: the warning comes a second later.
      setExpiry(Date.now() + 121_000);
      await pass(2000);
      expect(isOpen()).toBe(true);
      fireEvent.click(screen.getByRole('button', { name: 'Angemeldet bleiben', hidden: true }));
      await pass(1000);
      expect(isOpen()).toBe(false);
      expect(before).toHaveFocus();
      expect(Number(/session-ends=(\d+)/.exec(document.cookie)?.[1])).toBeGreaterThan(Date.now() + TTL_MS - 5000);
    }
  });

  it('Escape extends as well', async () => {
    setExpiry(Date.now() + 60_000);
    renderPage();
    await pass(1000);
    expect(isOpen()).toBe(true);
    fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    await pass(1000);
    expect(isOpen()).toBe(false);
    expect(Number(/session-ends=(\d+)/.exec(document.cookie)?.[1])).toBeGreaterThan(Date.now() + 60_000);
  });

  it('closes when another tab extended the session (the shared cookie moved)', async () => {
    setExpiry(Date.now() + 90_000);
    renderPage();
    await pass(1000);
    expect(isOpen()).toBe(true);
    setExpiry(Date.now() + TTL_MS);
    await pass(1000);
    expect(isOpen()).toBe(false);
  });

  it('says so when extending did not work, and opens again', async () => {
    onRefresh = () => {};
    setExpiry(Date.now() + 100_000);
    renderPage();
    await pass(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Angemeldet bleiben', hidden: true }));
    await pass(1000);
    expect(isOpen()).toBe(false);
    await pass(11_000);
    expect(isOpen()).toBe(true);
    expect(screen.getByRole('alert', { hidden: true })).toHaveTextContent(TEXTS.extendFailed);
  });

  it('once the session has ended, says so, stays open on Escape, and leads to sign-in', async () => {
    setExpiry(Date.now() + 30_000);
    renderPage();
    await pass(31_000);
    expect(isOpen()).toBe(true);
    expect(screen.getByRole('heading', { name: 'Ihre Sitzung ist abgelaufen', hidden: true })).toBeInTheDocument();
    expect(dialog()).toHaveTextContent(TEXTS.endedText);
    fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    await pass(1000);
    expect(isOpen()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: TEXTS.endedButton, hidden: true }));
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/error\?statusCode=4\b/));
  });

  it('once the session has ended, leads to where the participant signed in, when that is known', async () => {
    setExpiry(Date.now() + 1000);
    renderPage(Date.now(), '/home/P1DEMO01');
    await pass(2000);
    fireEvent.click(screen.getByRole('button', { name: TEXTS.endedButton, hidden: true }));
    expect(navigate).toHaveBeenCalledWith('/home/P1DEMO01');
  });

  it('a browser clock 10 minutes fast still warns on time (the server\'s clock at render corrects it)', async () => {
    const serverNow = Date.now() - 10 * 60_000;
    setExpiry(serverNow + 5 * 60_000);
    renderPage(serverNow);
    await pass(1000);
    expect(isOpen()).toBe(false);
    await pass(3 * 60_000);
    expect(isOpen()).toBe(true);
  });

  it('without the cookie (no token, or one without expiry) nothing is announced, and the dialog\'s code is not even fetched', async () => {
    renderPage();
    await pass(10 * 3600_000);
    expect(dialog()).toBeNull();
  });

  it('far from the end, the dialog\'s code is not fetched; a minute before the warning it is', async () => {
    setExpiry(Date.now() + 30 * 60_000);
    renderPage();
    await pass(1000);
    expect(dialog()).toBeNull();
    await pass(27 * 60_000);
    expect(dialog()).not.toBeNull();
    expect(isOpen()).toBe(false);
  });
});

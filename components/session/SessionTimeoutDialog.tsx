'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { StatusCode, DetailCode } from '@/lib/api/codes';
import { goAfterSessionChange } from '@/lib/client/navigate';
import { errorPageUrl } from '@/lib/flows/errorRecord';
import { useAnswersKept } from '@/lib/client/answersKept';
import { sessionEndsAt } from '@/lib/client/sessionEnds';
import { announcedDuration, sessionPhase, shownDuration, type Duration } from '@/lib/flows/sessionTimeout';
import { Modal } from '@/components/modal/Modal';
import { useModal } from '@/components/modal/ModalProvider';

type PluralTexts = { one: string; few: string; other: string };

export type SessionTimeoutTexts = {
  warningTitle: string;
  /** With {time}: "… ends in 2 minutes". */
  warningText: string;
  answersKept: string;
  stay: string;
  endedTitle: string;
  endedText: string;
  endedButton: string;
  extendFailed: string;
  minutes: PluralTexts;
  seconds: PluralTexts;
};

export type SessionTimeoutDialogProps = {
  /** The server's clock minus the browser's (lib/flows/sessionTimeout.ts localExpiry). */
  clockOffsetMs: number;
  warnBeforeSeconds: number;
  /** The interface language, for the plural of minutes and seconds. */
  language: string;
  /** Where this participant signed in (their deep link, or their group flow's entry): the way back once the session has ended. */
  signInPath?: string;
  texts: SessionTimeoutTexts;
};

const MODAL_ID = 'session-timeout';
/** How long "Stay signed in" may take before the dialog says it did not work. */
const EXTEND_PATIENCE_MS = 10_000;

function pluralCategory(language: string, count: number): keyof PluralTexts {
  const category = new Intl.PluralRules(language === 'cz-CZ' ? 'cs' : language).select(count);
  return category === 'one' || category === 'few' ? category : 'other';
}

/**
 * Announces the session's end before it comes and lets the participant extend it (WCAG 2.2.1; the
 * HMRC timeout dialog): a modal dialog opens SESSION_WARNING_SECONDS before the token expires;
 * "Stay signed in", Escape or a click beside it extend the session by loading the page's content
 * again, which renews the token. The expiry comes from a readable cookie that every tab shares, so
 * an extension or a page turn in one tab closes the dialog in the others. Once the session has
 * ended the dialog says so and stays; the page behind keeps what is on it.
 */
export default function SessionTimeoutDialog({ clockOffsetMs, warnBeforeSeconds, language, signInPath, texts }: SessionTimeoutDialogProps) {
  // The page keeps what the participant chose past the session's end (drafts): the dialog says so.
  const answersKept = useAnswersKept();
  const router = useRouter();
  const { activeModalId, openModal, closeModal } = useModal();
  const [now, setNow] = useState<number | undefined>(undefined);
  const [expiry, setExpiry] = useState<number | undefined>(undefined);
  const [extendFailed, setExtendFailed] = useState(false);
  // The expiry when "Stay signed in" was pressed, and when: a later one means it worked.
  const extending = useRef<{ from: number | undefined; at: number } | null>(null);

  useEffect(() => {
    const tick = () => {
      setNow(Date.now());
      setExpiry(sessionEndsAt(clockOffsetMs));
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    // A tab in the background may have its timers slowed: look again as soon as it is shown.
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [clockOffsetMs]);

  const remaining = expiry === undefined || now === undefined ? undefined : expiry - now;
  const phase = remaining === undefined ? 'active' : sessionPhase(remaining, warnBeforeSeconds * 1000);

  useEffect(() => {
    const pending = extending.current;
    if (!pending || now === undefined) return;
    if (expiry !== undefined && (pending.from === undefined || expiry > pending.from)) {
      extending.current = null;
      setExtendFailed(false);
    } else if (now - pending.at > EXTEND_PATIENCE_MS) {
      extending.current = null;
      setExtendFailed(true);
    }
  }, [expiry, now]);

  useEffect(() => {
    if (phase === 'active') {
      closeModal(MODAL_ID);
      return;
    }
    // While an extension is under way the dialog stays shut; one that failed (extendFailed) opens it again.
    if (activeModalId !== MODAL_ID && (extending.current === null || phase === 'ended')) openModal(MODAL_ID);
  }, [phase, activeModalId, extendFailed, openModal, closeModal]);

  const extend = useCallback(() => {
    if (phase !== 'warning') return;
    extending.current = { from: expiry, at: Date.now() };
    setExtendFailed(false);
    closeModal(MODAL_ID);
    // Loads the page's content again on the server, which renews the token (spec §7: a returned
    // token on content pages is stored); the cookie then names the later expiry.
    router.refresh();
  }, [phase, expiry, closeModal, router]);

  const duration = (value: Duration) => {
    const forms = value.unit === 'minutes' ? texts.minutes : texts.seconds;
    return forms[pluralCategory(language, value.count)].replace('{count}', String(value.count));
  };
  const ended = phase === 'ended';
  const shown = remaining !== undefined && !ended ? texts.warningText.replace('{time}', duration(shownDuration(remaining))) : '';
  const announced = remaining !== undefined && !ended ? texts.warningText.replace('{time}', duration(announcedDuration(remaining))) : '';

  return (
      <Modal
        id={MODAL_ID}
        title={ended ? texts.endedTitle : texts.warningTitle}
        closeLabel={texts.stay}
        role="alertdialog"
        onDismiss={ended ? () => {} : extend}
        actions={
          ended ? (
            <button
              type="button"
              className="button button-primary"
              // Without a known way in, the error page's TokenExpired message says to open the link again.
              onClick={() => goAfterSessionChange(signInPath ?? errorPageUrl({ statusCode: StatusCode.TokenExpired, detailCode: DetailCode.NoDetails }))}
            >
              {texts.endedButton}
            </button>
          ) : (
            <button type="button" className="button button-primary" onClick={extend}>
              {texts.stay}
            </button>
          )
        }
      >
        {ended ? (
          <p role="status">{texts.endedText}</p>
        ) : (
          <>
            {/* The countdown moves every second on screen only; a screen reader hears it in steps. */}
            <p aria-hidden="true" data-testid="session-countdown">
              {shown}
            </p>
            <p className="visually-hidden" aria-live="polite">
              {announced}
            </p>
          </>
        )}
        {answersKept && <p>{texts.answersKept}</p>}
        {extendFailed && !ended && <p role="alert">{texts.extendFailed}</p>}
      </Modal>
  );
}

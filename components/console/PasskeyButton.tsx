'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useHydrated } from '@/lib/client/useHydrated';
import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeyStep } from '@/lib/admin/operators/passkeys';
import styles from './Console.module.css';


export type PasskeyTexts = { label: string; done?: string; refused: string; cancelled: string; unsupported: string };

type Ceremony =
  | { kind: 'signin'; options: () => Promise<PasskeyStep<PublicKeyCredentialRequestOptionsJSON>>; finish: (response: Awaited<ReturnType<typeof startAuthentication>>) => Promise<PasskeyStep<null>>; then: string }
  | { kind: 'register'; options: () => Promise<PasskeyStep<PublicKeyCredentialCreationOptionsJSON>>; finish: (response: Awaited<ReturnType<typeof startRegistration>>) => Promise<PasskeyStep<null>>; then?: undefined };

/**
 * One button for both passkey ceremonies: options from the server, the browser's authenticator,
 * the answer back to the server. The outcome is announced; after a sign-in the page goes on. A
 * passkey needs a script, so the button appears only once it can work (the password form needs none).
 */
export function PasskeyButton({ ceremony, texts }: { ceremony: Ceremony; texts: PasskeyTexts }) {
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  // Known only in the browser: until then (and without scripts) the button is not offered.
  const hydrated = useHydrated();
  const supported = hydrated ? browserSupportsWebAuthn() : null;

  async function run() {
    setBusy(true);
    setMessage(null);
    try {
      const options = await ceremony.options();
      if (!options.ok) return setMessage({ text: options.error, error: true });
      const finished =
        ceremony.kind === 'signin'
          ? await ceremony.finish(await startAuthentication({ optionsJSON: options.value as PublicKeyCredentialRequestOptionsJSON }))
          : await ceremony.finish(await startRegistration({ optionsJSON: options.value as PublicKeyCredentialCreationOptionsJSON }));
      if (!finished.ok) return setMessage({ text: finished.error, error: true });
      if (texts.done) setMessage({ text: texts.done, error: false });
      // A sign-in goes on to the console; a new passkey shows in the list on this page.
      if (ceremony.then) window.location.assign(ceremony.then);
      else router.refresh();
    } catch (error) {
      // The operator closed the browser's dialog, or no passkey of theirs was there.
      const cancelled = error instanceof WebAuthnError || (error instanceof DOMException && error.name === 'NotAllowedError');
      setMessage({ text: cancelled ? texts.cancelled : texts.refused, error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.form}>
      <div role="alert">{message?.error && <p className={styles.error}>{message.text}</p>}</div>
      <div role="status">{message && !message.error && <p className={styles.notice}>{message.text}</p>}</div>
      {supported === null ? null : supported ? (
        <button type="button" className={styles.secondary} onClick={run} disabled={busy} aria-busy={busy}>
          {texts.label}
        </button>
      ) : (
        <p className={styles.muted}>{texts.unsupported}</p>
      )}
    </div>
  );
}

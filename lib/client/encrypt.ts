export type ClientCrypto = { key: string; iv: string };

type Cipher = typeof import('./aesCbc');
let cipher: Promise<Cipher> | undefined;

function loadCipher(): Promise<Cipher> {
  cipher ??= import('./aesCbc').catch((error: unknown) => {
    // A lost connection must not stick: the next press tries again.
    cipher = undefined;
    throw error;
  });
  return cipher;
}

/**
 * crypto-js is 6 KB of gzip that a page needs only when a code or key is sent, so it is not part
 * of any page's first load (the login pages' size budget). A send waits for it.
 */
export function preloadEncryption(): void {
  loadCipher().catch(() => undefined);
}

/**
 * Spread on a form that encrypts: the cipher starts loading at the first focus or keystroke in it.
 * Both, because an autofocused field was focused before React listened, so only typing tells.
 */
export const PRELOAD_CIPHER = { onFocus: preloadEncryption, onInput: preloadEncryption } as const;

/** A code or key as the upstream takes it (spec §5, §9); rejects when the cipher could not load. */
export async function encryptForUpstream(plain: string, crypto: ClientCrypto): Promise<string> {
  return (await loadCipher()).encryptAesCbc(plain, crypto);
}

import { headers } from 'next/headers';
import { EARLY_FORM_CAPTURE } from '@/lib/client/earlyFormCapture';
import { NONCE_HEADER } from '@/lib/security/csp';

/**
 * The inline script that keeps what is typed into a form before the page's bundles run
 * (lib/client/useEarlyForm.ts). It carries the request's CSP nonce when the proxy sets one.
 */
export async function EarlyFormCapture() {
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  // Browsers hide a nonce from the DOM after parsing, so hydration would see it differ.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_FORM_CAPTURE }} />;
}

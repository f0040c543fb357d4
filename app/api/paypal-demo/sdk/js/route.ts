import { getConfig } from '@/lib/config';
import { checkoutScript } from '@/lib/paypal-demo/checkoutScriptSource';
import { DEMO_NOT_SERVED, demoProviderServed } from '@/lib/paypal-demo/served';
import { refuse } from '@/lib/proxy/refusal';

/**
 * The demo provider's checkout script (lib/paypal-demo/checkoutScript/), which
 * the portal page loads in place of PayPal's; 404 unless PAYPAL_MODE=demo with the embedded API.
 * The query (client-id, currency, locale, …) is read by the script itself. It changes only with a
 * new release: browsers may keep it an hour, and ask again (no-cache) after a deployment.
 */
export function GET(): Response {
  if (!demoProviderServed(getConfig())) return refuse(404, DEMO_NOT_SERVED);
  return new Response(checkoutScript(), {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600, must-revalidate' },
  });
}

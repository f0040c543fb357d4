import type { PaypalProvider } from '@/lib/config/paypal';
import { ownOrigin } from '@/lib/edge/ownOrigin.mjs';
import { paypalOrdersClient, type PayPalOrdersClient } from './paypalOrders';

/** Where the demo's stand-in of the Orders API is served (app/api/paypal-demo). */
export const DEMO_API_PATH = '/api/paypal-demo';

const CLIENTS = new WeakMap<PaypalProvider, PayPalOrdersClient>();

/**
 * The one Orders API client of a configuration, so that its OAuth token is reused across
 * requests. In demo mode without PAYPAL_API_BASE it asks the app's own stand-in, over loopback,
 * exactly as it would ask PayPal.
 */
export function paypalClientFor(config: PaypalProvider): PayPalOrdersClient {
  let client = CLIENTS.get(config);
  if (!client) {
    const apiBase = config.apiBase ?? `${ownOrigin()}${DEMO_API_PATH}`;
    client = paypalOrdersClient({ apiBase, clientId: config.clientId, clientSecret: config.clientSecret, timeoutMs: config.timeoutMs });
    CLIENTS.set(config, client);
  }
  return client;
}

import type { PaypalProvider } from '@/lib/config/paypal';
import { withBasePath } from '@/lib/edge/basePath.mjs';
import { ownOrigin } from '@/lib/edge/ownOrigin.mjs';
import { DEMO_API_PATH } from '@/lib/paypal/orderShape';
import { paypalOrdersClient, type PayPalOrdersClient } from './paypalOrders';

const CLIENTS = new WeakMap<PaypalProvider, PayPalOrdersClient>();

/**
 * The one Orders API client of a configuration, so that its OAuth token is reused across
 * requests. In demo mode without PAYPAL_API_BASE it asks the demo provider (lib/paypal-demo) at
 * the app's own address, over loopback, exactly as it would ask PayPal: by its URL, never by import.
 */
export function paypalClientFor(config: PaypalProvider): PayPalOrdersClient {
  let client = CLIENTS.get(config);
  if (!client) {
    const apiBase = config.apiBase ?? `${ownOrigin()}${withBasePath(DEMO_API_PATH)}`;
    client = paypalOrdersClient({ apiBase, clientId: config.clientId, clientSecret: config.clientSecret, timeoutMs: config.timeoutMs });
    CLIENTS.set(config, client);
  }
  return client;
}

import type { Env } from './schema';

export type PaypalMode = 'demo' | 'sandbox' | 'live';

/**
 * How the portal takes payments, decided once from the environment (docs: "Demo mode and payments").
 *  - demo: no PayPal at all; the app serves a stand-in of the checkout script and of the Orders
 *    API (/api/paypal-demo), the button says that no money moves. Only in demo mode (DEMO_MODE),
 *    where it is the default without credentials.
 *  - sandbox, live: PayPal's own script and Orders API, with the app's credentials.
 *  - unavailable: outside demo mode with no PAYPAL_MODE, the portal takes no orders at all, so that
 *    a deployment never sells for free by leaving PayPal unset.
 * apiBase undefined in demo: the server asks its own stand-in over loopback (lib/paypal-demo, over HTTP like PayPal).
 */
export type PaypalProvider = {
  mode: PaypalMode;
  apiBase?: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
};
export type PaypalConfig = PaypalProvider | { mode: 'unavailable' };

export const PAYPAL_API_BASES: Record<Exclude<PaypalMode, 'demo'>, string> = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
};

/** The demo's credentials: public on purpose, they open nothing but the app's own stand-in. */
export const DEMO_PAYPAL_CLIENT_ID = 'demo-client';
export const DEMO_PAYPAL_CLIENT_SECRET = 'demo-secret';

/** The configuration, or the variable to fix and why (lib/config turns it into a ConfigError). */
export function paypalConfig(env: Env): PaypalConfig | { problem: string } {
  // The proxy gives an embedded call UPSTREAM_TIMEOUT_MS: PayPal's limit must end first, so that the
  // buyer gets the answer "PayPal could not be asked, report again" rather than a bare timeout.
  if (env.UPSTREAM_API_URL === undefined && env.PAYPAL_TIMEOUT_MS >= env.UPSTREAM_TIMEOUT_MS) {
    return { problem: `PAYPAL_TIMEOUT_MS: must be less than UPSTREAM_TIMEOUT_MS (${env.UPSTREAM_TIMEOUT_MS})` };
  }
  const credentials = env.PAYPAL_CLIENT_ID !== undefined || env.PAYPAL_CLIENT_SECRET !== undefined;
  if (env.PAYPAL_MODE === undefined) {
    if (credentials) return { problem: 'PAYPAL_MODE: must be sandbox or live when PayPal credentials are set' };
    return env.DEMO_MODE ? demoProvider(env) : { mode: 'unavailable' };
  }
  const mode = env.PAYPAL_MODE;
  if (mode === 'demo') {
    if (!env.DEMO_MODE) return { problem: 'PAYPAL_MODE: demo (a stand-in that takes no money) only in demo mode (DEMO_MODE=on); set sandbox or live with the PayPal credentials' };
    if (credentials) {
      const variable = env.PAYPAL_CLIENT_ID !== undefined ? 'PAYPAL_CLIENT_ID' : 'PAYPAL_CLIENT_SECRET';
      return { problem: `${variable}: must not be set with PAYPAL_MODE=demo (the demo takes no money; set PAYPAL_MODE=sandbox or live)` };
    }
    // A real upstream decides payments itself; an explicit demo next to it in production would show buyers a button that takes no money.
    if (env.UPSTREAM_API_URL !== undefined && env.NODE_ENV === 'production') {
      return { problem: 'PAYPAL_MODE: demo is refused in production with a real upstream (UPSTREAM_API_URL): buyers would pay nothing' };
    }
    return demoProvider(env);
  }
  if (!env.PAYPAL_CLIENT_ID) return { problem: `PAYPAL_CLIENT_ID: is required with PAYPAL_MODE=${mode}` };
  if (!env.PAYPAL_CLIENT_SECRET) return { problem: `PAYPAL_CLIENT_SECRET: is required with PAYPAL_MODE=${mode}` };
  return { mode, apiBase: env.PAYPAL_API_BASE ?? PAYPAL_API_BASES[mode], clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, timeoutMs: env.PAYPAL_TIMEOUT_MS };
}

function demoProvider(env: Env): PaypalProvider {
  return { mode: 'demo', ...(env.PAYPAL_API_BASE && { apiBase: env.PAYPAL_API_BASE }), clientId: DEMO_PAYPAL_CLIENT_ID, clientSecret: DEMO_PAYPAL_CLIENT_SECRET, timeoutMs: env.PAYPAL_TIMEOUT_MS };
}

/** Whether the portal can take an order: a payment provider is configured. */
export function takesPayments(config: PaypalConfig): config is PaypalProvider {
  return config.mode !== 'unavailable';
}

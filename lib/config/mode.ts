import type { AppConfig } from './index';

export type AppMode = {
  mode: 'demo' | 'regular';
  /** Why, in the operator's words: the variable that decided it and what it brings. */
  reason: string;
  /** How the portal takes payments in this mode. */
  payments: string;
};

/**
 * Which mode a start runs in, and why: the one start-up line an operator reads to know whether
 * this instance carries the public demo codes and whether it can sell. Demo mode is only ever
 * explicit (DEMO_MODE=on, which `npm run demo` and `npm run dev` set); nothing else turns it on.
 */
export function appMode(config: Pick<AppConfig, 'DEMO_MODE' | 'embeddedApi' | 'paypal'>): AppMode {
  const payments = paymentsOf(config);
  if (!config.DEMO_MODE) {
    return {
      mode: 'regular',
      reason: config.embeddedApi
        ? 'DEMO_MODE is not on: no demo data (demo rows an earlier demo start left are removed), /home-dev answers 404, no PayPal stand-in'
        : 'DEMO_MODE is not on: the upstream (UPSTREAM_API_URL) holds the data; /home-dev answers 404, no PayPal stand-in',
      payments,
    };
  }
  return {
    mode: 'demo',
    reason: config.embeddedApi
      ? 'DEMO_MODE=on: the demo data with its public codes is created, /home-dev lists its deep links, and the portal pays through the PayPal stand-in unless PAYPAL_MODE says otherwise'
      : 'DEMO_MODE=on: /home-dev is not served with an upstream (UPSTREAM_API_URL), which holds its own data',
    payments,
  };
}

function paymentsOf(config: Pick<AppConfig, 'embeddedApi' | 'paypal'>): string {
  if (!config.embeddedApi) return 'decided by the upstream';
  switch (config.paypal.mode) {
    case 'unavailable':
      return 'NOT AVAILABLE: PAYPAL_MODE is not set, so the portal takes no orders';
    case 'demo':
      return 'demo: the PayPal stand-in, NO MONEY moves';
    default:
      return `PayPal ${config.paypal.mode}`;
  }
}

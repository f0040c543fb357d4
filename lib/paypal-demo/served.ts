import type { AppConfig } from '@/lib/config';

/**
 * Whether this app serves the demo payment provider (/api/paypal-demo): only in demo mode, and only
 * with the embedded API, whose payments it verifies. Otherwise the paths answer 404, so that a
 * deployment taking real money offers no stand-in that a buyer could be shown.
 */
export function demoProviderServed(config: Pick<AppConfig, 'paypal' | 'embeddedApi'>): boolean {
  return config.paypal.mode === 'demo' && config.embeddedApi;
}

export const DEMO_NOT_SERVED = 'the demo payment provider is not served here: PAYPAL_MODE is not demo, or an upstream API (UPSTREAM_API_URL) is configured';

import { getConfig, type AppConfig } from './config';
import { EDGE_SERVER_MARK } from './edge/clientAddress.mjs';
import { logEvent } from './log/logger';

/**
 * Without server.mjs nothing decides the client address, so every participant would count as the
 * same unknown client and a few wrong codes from anyone would lock everybody out: a production
 * start without it stops, as a wrong configuration does. The build (which also loads
 * instrumentation) and development are not starts that serve participants.
 */
const NOT_STARTED_BY_SERVER_MJS =
  'Not started through server.mjs: start with npm start (node server.mjs), which decides the client address the per-client limits count by; plain `next start` would count every client as one';

function checkStartedByServerMjs(nodeEnv: string, building: boolean): void {
  if (nodeEnv !== 'production' || building) return;
  if (!(globalThis as { [EDGE_SERVER_MARK]?: boolean })[EDGE_SERVER_MARK]) throw new Error(NOT_STARTED_BY_SERVER_MJS);
}

/**
 * A production start whose portal takes no money (PAYPAL_MODE=demo, the embedded default without
 * PayPal credentials) says so once, loudly, so that an operator who meant to sell notices before a
 * buyer does. With a real upstream, an explicit demo is refused by lib/config/paypal.ts instead.
 */
export function paypalDemoWarning(config: Pick<AppConfig, 'NODE_ENV' | 'embeddedApi' | 'paypal'>): Record<string, string> | undefined {
  if (config.NODE_ENV !== 'production' || !config.embeddedApi || config.paypal.mode !== 'demo') return undefined;
  return {
    paypalMode: 'demo',
    reason:
      'the portal takes NO MONEY: its payment button is the demo provider (/api/paypal-demo) and every "payment" is recorded without any money moving. To sell, set PAYPAL_MODE=sandbox or live with PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET',
  };
}

/**
 * Server start: a wrong configuration, or a production start without server.mjs, stops the start
 * with a message saying what is wrong, and the embedded API applies its migrations (and seeds the
 * demo data) before the first request.
 */
export async function startServer({ building = false }: { building?: boolean } = {}): Promise<void> {
  try {
    const config = getConfig();
    checkStartedByServerMjs(config.NODE_ENV, building);
    const demoWarning = building ? undefined : paypalDemoWarning(config);
    if (demoWarning) logEvent('warn', 'paypal_demo_takes_no_money', demoWarning);
    if (config.embeddedApi) {
      const { embeddedApi } = await import('./embedded-api');
      const api = await embeddedApi();
      logEvent('info', 'embedded_api_ready', { database: api.db.kind, ...(!config.DATABASE_URL && { dataDir: config.dataDir }) });
    } else {
      logEvent('info', 'upstream_configured', { upstream: new URL(config.UPSTREAM_API_URL ?? '').origin });
    }
  } catch (error) {
    // Start-up failure is logged to the console (spec §8), then the process stops.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

import { getConfig, type AppConfig } from './config';
import { appMode } from './config/mode';
import { takesPayments } from './config/paypal';
import { tracingOn } from './config/tracing';
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
 * The start's one line about its mode (lib/config/mode.ts): a warning in demo mode outside
 * development, where public demo codes and a portal taking no money are never what an operator
 * wants by accident; and an error when the embedded API's portal cannot take orders at all.
 */
export function logAppMode(config: Pick<AppConfig, 'NODE_ENV' | 'DEMO_MODE' | 'embeddedApi' | 'paypal'>): void {
  const mode = appMode(config);
  logEvent(mode.mode === 'demo' && config.NODE_ENV !== 'development' ? 'warn' : 'info', 'app_mode', { ...mode, nodeEnv: config.NODE_ENV });
  if (config.embeddedApi && !takesPayments(config.paypal)) {
    logEvent('error', 'payments_not_available', {
      reason: 'PAYPAL_MODE is not set: the portal tells buyers that payment is not available and takes no orders. To sell, set PAYPAL_MODE=sandbox or live with PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET',
    });
  }
}

/**
 * The demo PayPal provider's storage, opened as the server starts rather than by the first payment:
 * a new PGlite folder takes seconds to create, which the buyer's first order would wait for. Not
 * awaited, so that the start is not held up; a failure is logged, and the first order tries again.
 */
function openDemoProvider(config: AppConfig): void {
  void (async () => {
    const { demoProviderServed } = await import('./paypal-demo/served');
    if (!demoProviderServed(config)) return;
    const { demoProvider } = await import('./paypal-demo/provider');
    await demoProvider(config);
  })().catch((error: unknown) => logEvent('error', 'paypal_demo_unavailable', { message: error instanceof Error ? error.message : String(error) }));
}

/**
 * Server start: a wrong configuration, or a production start without server.mjs, stops the start
 * with a message saying what is wrong; tracing starts when an OTLP endpoint is set (lib/tracing,
 * loaded only then); and the embedded API applies its migrations (and seeds the demo data) before
 * the first request.
 */
export async function startServer({ building = false }: { building?: boolean } = {}): Promise<void> {
  try {
    const config = getConfig();
    checkStartedByServerMjs(config.NODE_ENV, building);
    if (!building) logAppMode(config);
    // Before the database opens and the first request: the SQL layer traces only a database opened with tracing on.
    if (!building && tracingOn(config)) (await import('./tracing/start')).startTracing(config);
    if (config.embeddedApi) {
      const { embeddedApi } = await import('./embedded-api');
      const api = await embeddedApi();
      logEvent('info', 'embedded_api_ready', { database: api.db.kind, ...(!config.DATABASE_URL && { dataDir: config.dataDir }) });
      if (!building) openDemoProvider(config);
    } else {
      logEvent('info', 'upstream_configured', { upstream: new URL(config.UPSTREAM_API_URL ?? '').origin });
    }
  } catch (error) {
    // Start-up failure is logged to the console (spec §8), then the process stops.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

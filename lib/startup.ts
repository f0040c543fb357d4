import { getConfig } from './config';
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
 * Server start: a wrong configuration, or a production start without server.mjs, stops the start
 * with a message saying what is wrong, and the embedded API applies its migrations (and seeds the
 * demo data) before the first request.
 */
export async function startServer({ building = false }: { building?: boolean } = {}): Promise<void> {
  try {
    const config = getConfig();
    checkStartedByServerMjs(config.NODE_ENV, building);
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

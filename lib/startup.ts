import { getConfig } from './config';
import { logEvent } from './log/logger';

/**
 * Server start: a wrong configuration stops the start with a message naming the variable, and
 * the embedded API applies its migrations (and seeds the demo data) before the first request.
 */
export async function startServer(): Promise<void> {
  try {
    const config = getConfig();
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

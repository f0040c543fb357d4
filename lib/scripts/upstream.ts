/**
 * npm run upstream [-- --port <port>] [--host <address>] — the embedded API on a port of its own,
 * as a real upstream would run: point the app at it with UPSTREAM_API_URL, or check it with
 * `npm run check:upstream`. It reads the app's configuration (lib/config): the PGlite folder
 * DATA_DIR, or PostgreSQL with DATABASE_URL; the demo data only with DEMO_MODE=on, and outside it
 * the demo rows an earlier demo start left are removed, as the app's start does.
 *
 * Port 3001 and 127.0.0.1 unless told otherwise: the app is its only client, and it believes the
 * participant's address the app names (lib/embedded-api/serve.ts). On PGlite it holds the data
 * folder's lock as the app does; an app in front of it (UPSTREAM_API_URL set) opens no embedded
 * database, so both may start with the same environment.
 * Exit codes: 1 the start failed (a folder held by another process, a database out of reach);
 * 2 wrong arguments or configuration.
 */
import { parseArgs } from 'node:util';
import { ConfigError, getConfig } from '@/lib/config';
import { startEmbeddedApi } from '@/lib/embedded-api';
import { serveEmbeddedApi } from '@/lib/embedded-api/serve';

const USAGE = 'Usage: npm run upstream [-- --port <port>] [--host <address>]   (default: port 3001 on 127.0.0.1)';
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

function options(): { port: number; host: string } {
  let values;
  try {
    values = parseArgs({ options: { port: { type: 'string', short: 'p' }, host: { type: 'string', short: 'H' }, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const portText = values.port ?? '3001';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) fail(`Invalid port '${portText}': must be an integer from 0 to 65535\n${USAGE}`, 2);
  return { port, host: values.host ?? '127.0.0.1' };
}

async function main() {
  const { port, host } = options();
  let config;
  try {
    config = getConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 2);
    throw error;
  }
  const api = await startEmbeddedApi(config);
  let served;
  try {
    served = await serveEmbeddedApi(api.handle, { host, port });
  } catch (error) {
    await api.close();
    fail(`Cannot listen on ${host}, port ${port}: ${error instanceof Error ? error.message : String(error)}`, 1);
  }
  const database = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`> Embedded API listening on ${served.url} (${database}; demo data ${config.DEMO_MODE ? 'on' : 'off'})`);
  console.log(`> Point the app at it: UPSTREAM_API_URL=${served.url}; check it: npm run check:upstream -- --url ${served.url}`);
  if (!LOOPBACK.has(host)) {
    console.error(`> Listening beyond loopback: whoever reaches ${host}:${served.address.port} is believed about the participant's address (X-Forwarded-For) the guessing limits count by; let only the app reach it`);
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`> ${signal}: stopping`);
    // The database closes last: on PGlite that gives the data folder back to the app or the admin command line.
    void served
      .close()
      .then(() => api.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error), 1));

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { upstreamIsReady as UpstreamIsReady } from './health';

/**
 * upstreamIsReady, which /api/health answers with: asked through the upstream client, it is ready
 * while the embedded API reads its database and not once the database is gone or cannot be opened;
 * in front of a real upstream it asks nothing. The configuration is read from process.env once per
 * process, so the environment is set and the caches cleared first.
 */
const CONFIG_KEY = Symbol.for('assessment-web.config');
const EMBEDDED_KEY = Symbol.for('assessment-web.embedded-api');
type Store = Record<symbol, unknown>;

const savedEnv = { ...process.env }; // eslint-disable-line no-restricted-properties -- tests set what the config reads
let dataDir: string;
let upstreamIsReady: typeof UpstreamIsReady;

function setEnvironment(extra: Record<string, string>) {
  // eslint-disable-next-line no-restricted-properties -- tests set what the config reads
  process.env = { ...savedEnv, DATA_DIR: dataDir, SESSION_SECRET: 'h'.repeat(40), UPSTREAM_TIMEOUT_MS: '20000', ...extra };
  delete (globalThis as Store)[CONFIG_KEY];
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-test-'));
  ({ upstreamIsReady } = await import('./health'));
});

beforeEach(() => {
  // The failures are logged; what is logged is the client's business (client.test.ts).
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  const embedded = (globalThis as Store)[EMBEDDED_KEY] as Promise<{ close(): Promise<void> }> | undefined;
  await embedded?.then((api) => api.close()).catch(() => undefined);
  delete (globalThis as Store)[EMBEDDED_KEY];
  // eslint-disable-next-line no-restricted-properties -- restore what the tests changed
  process.env = savedEnv;
  delete (globalThis as Store)[CONFIG_KEY];
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('in front of a real upstream: ready, and the upstream is not asked', async () => {
  let asked = 0;
  const server = http.createServer((_req, res) => {
    asked += 1;
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    setEnvironment({ UPSTREAM_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/` });
    expect(await upstreamIsReady()).toBe(true);
    expect(asked).toBe(0);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('with the embedded API', () => {
  it('ready while its database answers; not once the database is closed', async () => {
    setEnvironment({});
    expect(await upstreamIsReady()).toBe(true);
    const { embeddedApi } = await import('@/lib/embedded-api');
    const api = await embeddedApi();
    await api.db.close();
    expect(await upstreamIsReady()).toBe(false);
    // The rest of it goes too: its command channel's socket kept the test's process alive after the run.
    await api.close().catch(() => undefined);
    delete (globalThis as Store)[EMBEDDED_KEY];
  }, 90_000);

  it('not ready when its database cannot be opened', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    setEnvironment({ DATABASE_URL: `postgres://nobody:nothing@127.0.0.1:${port}/none` });
    expect(await upstreamIsReady()).toBe(false);
  }, 30_000);
});

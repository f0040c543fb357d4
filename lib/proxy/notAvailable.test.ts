import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { getConfig } from '@/lib/config';
import { EDGE_SERVER_MARK } from '@/lib/edge/clientAddress.mjs';
import { serializeCookie, sessionCookie, xsrfCookie } from '@/lib/session/cookies';
import { cookieConfigOf } from '@/lib/session/cookieSecurity';
import { newSession } from '@/lib/session/data';
import { issueXsrfToken } from '@/lib/session/xsrf';
import { handleProxy } from './handleProxy';

/**
 * A call the upstream does not offer, end to end through the proxy and the real upstream client:
 * the stand-in answers HTTP 404 as the embedded API does for a flow without a handler.
 */
const CONFIG_KEY = Symbol.for('assessment-web.config');
const savedEnv = { ...process.env }; // eslint-disable-line no-restricted-properties -- tests set the upstream the config reads
let server: http.Server;
let dataDir: string;
let upstreamCalls = 0;
const logLines: string[] = [];
let stderr: jest.SpyInstance;
let stdout: jest.SpyInstance;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'not-available-'));
  server = http.createServer((req, res) => {
    upstreamCalls++;
    req.resume().on('end', () => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `unknown call '${req.url?.slice(1)}'` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // eslint-disable-next-line no-restricted-properties -- tests set the upstream the config reads
  process.env = {
    ...savedEnv,
    UPSTREAM_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'n'.repeat(40),
    NODE_ENV: 'production',
  };
  delete (globalThis as Record<symbol, unknown>)[CONFIG_KEY];
  // As under server.mjs, which vouches for the client address: otherwise its one-time warning is a log line too.
  (globalThis as Record<symbol, unknown>)[EDGE_SERVER_MARK] = true;
  const capture = ((chunk: string | Uint8Array) => {
    logLines.push(String(chunk));
    return true;
  }) as typeof process.stderr.write;
  stderr = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
  stdout = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
});

afterAll(async () => {
  stderr.mockRestore();
  stdout.mockRestore();
  await new Promise((resolve) => server.close(resolve));
  // eslint-disable-next-line no-restricted-properties -- restore what the tests changed
  process.env = savedEnv;
  delete (globalThis as Record<symbol, unknown>)[CONFIG_KEY];
  delete (globalThis as Record<symbol, unknown>)[EDGE_SERVER_MARK];
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function browserPost(callPath: string, body: unknown): Request {
  const config = cookieConfigOf(getConfig(), new Headers({ host: 'assess.example' }));
  const session = newSession();
  const xsrf = issueXsrfToken(session.sid, config.sessionSecret);
  const cookie = [serializeCookie(sessionCookie(session, config)), serializeCookie(xsrfCookie(xsrf, config))].map((c) => c.split(';')[0]).join('; ');
  return new Request(`https://assess.example/api/${callPath}`, {
    method: 'POST',
    headers: { host: 'assess.example', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie },
    body: JSON.stringify(body),
  });
}

it('100 valid calls to a call without a handler: 100 × 404 "not available" JSON, one warning line', async () => {
  for (let i = 0; i < 100; i++) {
    const response = await handleProxy(browserPost('submit/kodew/login', { groupcode: `enc-${i}` }), ['submit', 'kodew', 'login'], { config: getConfig() });
    expect(response.status).toBe(404);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ statusCode: 0, detailCode: 0, error: "call 'submit/kodew/login' is not available" });
  }
  expect(upstreamCalls).toBe(100);
  expect(logLines).toHaveLength(1);
  expect(JSON.parse(logLines[0]!)).toMatchObject({ level: 'warn', event: 'upstream_call_not_available', path: 'submit/kodew/login' });
});

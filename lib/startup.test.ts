import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Starts the app's start-up step as instrumentation.ts does, in a fresh process: node with tsx's
 * loader in the same process (not tsx's command line, which starts a second node under it) and,
 * as jest's own, PGlite's WebAssembly on V8's baseline compiler only (package.json's test:unit).
 */
function start(env: Record<string, string>, markedByServerMjs = false, options = '') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-'));
  // server.mjs sets this mark on globalThis before Next starts (lib/edge/clientAddress.mjs).
  const mark = markedByServerMjs ? "globalThis[Symbol.for('assessment-web.edge-server')] = true;" : '';
  const result = spawnSync(
    process.execPath,
    ['--liftoff-only', '--import', 'tsx', '-e', `${mark} require('./lib/startup').startServer(${options}).then(() => process.exit(0))`],
    { env: { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, NODE_ENV: 'production', DATA_DIR: dataDir, TEST_PGLITE_FROM_DUMP: 'on', ...env }, encoding: 'utf8', timeout: 60_000 },
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
  return result;
}

/** What an operator sees when a variable is wrong: the start stops, and the message names it. */
describe('server start with a wrong configuration', () => {
  it.each([
    ['UPSTREAM_TIMEOUT_MS', 'soon'],
    ['UPSTREAM_API_URL', 'ftp://upstream.example'],
    ['COOKIE_SECURE', 'maybe'],
    ['CLIENT_CRYPTO_IV', 'too-short'],
  ])('%s=%s stops the start with a message naming the variable', (name, value) => {
    const result = start({ [name]: value }, true);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Invalid configuration: ${name}:`);
  }, 70_000);
});

/**
 * Plain `next start` would count every participant as one unknown client, so anyone's wrong codes
 * would lock everybody out: in production only server.mjs may start the app.
 */
describe('server start without server.mjs', () => {
  const upstream = { UPSTREAM_API_URL: 'http://upstream.example' };

  it('stops a production start and says to use npm start', () => {
    const result = start(upstream);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('start with npm start (node server.mjs)');
  }, 70_000);

  it('lets the same start through when server.mjs started it', () => {
    const result = start(upstream, true);
    expect(result.stderr).not.toContain('npm start');
    expect(result.status).toBe(0);
  }, 70_000);

  it('lets the build through, whose workers load instrumentation too', () => {
    const result = start(upstream, false, '{ building: true }');
    expect(result.status).toBe(0);
  }, 70_000);
});

/**
 * The start's mode line (lib/config/mode.ts): one line says whether this instance is the demo
 * (public codes, a portal taking no money) and why; outside demo mode a portal without PayPal is
 * an error at start, and nothing of the demo is created.
 */
describe('the mode a production start runs in', () => {
  const lines = (stderr: string, stdout: string, event: string) =>
    `${stdout}\n${stderr}`.split('\n').filter((line) => line.includes(`"event":"${event}"`)).map((line) => JSON.parse(line) as Record<string, unknown>);

  it('nothing configured: regular mode, and an error that the portal takes no orders', () => {
    const result = start({ SESSION_SECRET: 's'.repeat(40) }, true);
    expect(result.status).toBe(0);
    const mode = lines(result.stderr, result.stdout, 'app_mode');
    expect(mode).toEqual([expect.objectContaining({ level: 'info', mode: 'regular', reason: expect.stringContaining('DEMO_MODE is not on'), payments: expect.stringContaining('NOT AVAILABLE') })]);
    expect(lines(result.stderr, result.stdout, 'payments_not_available')).toEqual([expect.objectContaining({ level: 'error', reason: expect.stringContaining('PAYPAL_MODE') })]);
  }, 70_000);

  it('DEMO_MODE=on: ONE warning line that this is the demo and the portal takes no money, with no secret in it', () => {
    const result = start({ SESSION_SECRET: 's'.repeat(40), DEMO_MODE: 'on' }, true);
    expect(result.status).toBe(0);
    const mode = lines(result.stderr, result.stdout, 'app_mode');
    expect(mode).toEqual([expect.objectContaining({ level: 'warn', mode: 'demo', reason: expect.stringContaining('DEMO_MODE=on'), payments: expect.stringContaining('NO MONEY') })]);
    expect(result.stderr + result.stdout).not.toContain('s'.repeat(40));
    expect(result.stderr + result.stdout).not.toContain('demo-secret');
    expect(lines(result.stderr, result.stdout, 'payments_not_available')).toEqual([]);
  }, 70_000);

  it('PayPal configured (sandbox): regular mode paying through PayPal, no error, no secret', () => {
    const result = start({ PAYPAL_MODE: 'sandbox', PAYPAL_CLIENT_ID: 'AbC', PAYPAL_CLIENT_SECRET: 'not-logged-either' }, true);
    expect(result.status).toBe(0);
    expect(lines(result.stderr, result.stdout, 'app_mode')).toEqual([expect.objectContaining({ mode: 'regular', payments: 'PayPal sandbox' })]);
    expect(lines(result.stderr, result.stdout, 'payments_not_available')).toEqual([]);
    expect(result.stderr + result.stdout).not.toContain('not-logged-either');
  }, 70_000);

  it('PAYPAL_MODE=demo outside demo mode stops the start', () => {
    const result = start({ PAYPAL_MODE: 'demo' }, true);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration: PAYPAL_MODE: demo');
  }, 70_000);
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What an operator sees when a variable is wrong: the start stops, and the message names it. */
describe('server start with a wrong configuration', () => {
  it.each([
    ['UPSTREAM_TIMEOUT_MS', 'soon'],
    ['UPSTREAM_API_URL', 'ftp://upstream.example'],
    ['COOKIE_SECURE', 'maybe'],
    ['CLIENT_CRYPTO_IV', 'too-short'],
  ])('%s=%s stops the start with a message naming the variable', (name, value) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-'));
    const result = spawnSync(
      path.resolve('node_modules/.bin/tsx'),
      ['-e', "require('./lib/startup').startServer().then(() => process.exit(0))"],
      { env: { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, NODE_ENV: 'production', DATA_DIR: dataDir, [name]: value }, encoding: 'utf8', timeout: 60_000 },
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Invalid configuration: ${name}:`);
  }, 70_000);
});

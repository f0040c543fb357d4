import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shutdownTimeoutMs, workerCount } from '@/lib/edge/workers.mjs';
import { ConfigError, getConfig, loadConfig } from './index';
import { tracesDestination, tracingOn } from './tracing';

let dataDir: string;
const SECRET = 'k'.repeat(40);

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-test-'));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The message of the ConfigError that loadConfig throws for env; fails when it does not throw. */
function configErrorFor(env: Record<string, string | undefined>): string {
  try {
    loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig defaults', () => {
  it('an empty environment gives the documented defaults and the embedded API', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      UPSTREAM_TIMEOUT_MS: 15_000,
      COOKIE_SECURE: 'auto',
      CLIENT_CRYPTO_KEY: 'Kx7#pQ2!vR9$mW4z',
      CLIENT_CRYPTO_IV: 'iV3@bN8&cT5*hJ1q',
      TOKEN_TTL_SECONDS: 4 * 3600,
      SESSION_WARNING_SECONDS: 120,
      DEMO_MODE: false,
      embeddedApi: true,
      dataDir: path.resolve(dataDir),
    });
    expect(config.UPSTREAM_API_URL).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('the guessing limits have their documented defaults (SECURITY.md, "Limits")', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      ACCESS_CODE_MAX_FAILURES_PER_ASSESSMENT: 20,
      ACCESS_CODE_MAX_FAILURES_PER_CLIENT: 100,
      ACCESS_CODE_FAILURE_WINDOW_SECONDS: 3600,
      ACCESS_CODE_LOCK_SECONDS: 900,
      ACCESS_CODE_CHECK_BURST: 10,
      ACCESS_CODE_CHECK_INTERVAL_SECONDS: 2,
      ACCESS_CODE_MAX_WAIT_SECONDS: 8,
      IDENT_CODE_MAX_FAILURES_PER_CLIENT: 100,
      IDENT_CODE_FAILURE_WINDOW_SECONDS: 3600,
      IDENT_CODE_LOCK_SECONDS: 900,
    });
  });

  it('the group-code limits have their documented defaults: 200 participants behind one NAT fit', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      GROUP_CODE_MAX_FAILURES_PER_CLIENT: 100,
      GROUP_CODE_FAILURE_WINDOW_SECONDS: 3600,
      GROUP_CODE_LOCK_SECONDS: 900,
      GROUP_CODE_MAX_LOGINS_PER_CLIENT: 500,
      GROUP_CODE_LOGIN_WINDOW_SECONDS: 3600,
    });
    expect(config.GROUP_CODE_MAX_LOGINS_PER_CLIENT).toBeGreaterThanOrEqual(200);
  });

  it('the group-code limits are read from the environment', () => {
    expect(loadConfig({ DATA_DIR: dataDir, GROUP_CODE_MAX_LOGINS_PER_CLIENT: '1000', GROUP_CODE_LOCK_SECONDS: '60' })).toMatchObject({
      GROUP_CODE_MAX_LOGINS_PER_CLIENT: 1000,
      GROUP_CODE_LOCK_SECONDS: 60,
    });
  });

  it('mail: no SMTP server (the outbox), and the anti-spam limits of SECURITY.md', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config).toMatchObject({ SMTP_TIMEOUT_MS: 10_000, MAIL_MAX_PER_PARTICIPANT_PER_HOUR: 3, MAIL_MAX_PER_CLIENT_PER_HOUR: 20 });
    expect(config.MAIL_FROM).toMatch(/<[^@\s]+@[^>\s]+>$/);
  });

  it.each(['smtp://mail.example.com:587', 'smtps://user:secret@mail.example.com', 'smtp://127.0.0.1:2525'])('SMTP_URL %s is accepted', (url) => {
    expect(loadConfig({ DATA_DIR: dataDir, SMTP_URL: url }).SMTP_URL).toBe(url);
  });

  it('the retention periods have their defaults (docs/privacy.md, "Retention"): finished assessments kept, the rest purged', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      PRIVACY_FINISHED_DAYS: 0,
      PRIVACY_UNFINISHED_DAYS: 365,
      PRIVACY_NEVER_STARTED_DAYS: 30,
      PRIVACY_OUTBOX_DAYS: 30,
      PRIVACY_DRAFT_DAYS: 30,
      PRIVACY_INVOICE_YEARS: 10,
    });
    expect(loadConfig({ DATA_DIR: dataDir, PRIVACY_FINISHED_DAYS: '730', PRIVACY_INVOICE_YEARS: '11' })).toMatchObject({ PRIVACY_FINISHED_DAYS: 730, PRIVACY_INVOICE_YEARS: 11 });
  });

  it('DATA_DIR defaults to ./.data, resolved to an absolute folder', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET });
    expect(config.dataDir).toBe(path.resolve('./.data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it('an upstream URL switches the embedded API off and numbers are coerced', () => {
    const config = loadConfig({ DATA_DIR: dataDir, UPSTREAM_API_URL: 'https://api.example.com/api', UPSTREAM_TIMEOUT_MS: '2500', TOKEN_TTL_SECONDS: '60' });
    expect(config).toMatchObject({ embeddedApi: false, UPSTREAM_API_URL: 'https://api.example.com/api', UPSTREAM_TIMEOUT_MS: 2500, TOKEN_TTL_SECONDS: 60 });
  });

  it.each([
    ['the embedded API', {}, 60],
    ['a real upstream, whose branding changes nobody tells', { UPSTREAM_API_URL: 'https://api.example.com/api' }, 0],
    ['set, with the embedded API', { HEADER_FOOTER_CACHE_SECONDS: '0' }, 0],
    ['set, with a real upstream', { UPSTREAM_API_URL: 'https://api.example.com/api', HEADER_FOOTER_CACHE_SECONDS: '30' }, 30],
  ])('the header and footer are kept for the next pages: %s', (_case, env, seconds) => {
    expect(loadConfig({ DATA_DIR: dataDir, ...env }).headerFooterCacheSeconds).toBe(seconds);
  });

  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['no', false],
    ['on', true],
    ['off', false],
  ])('DEMO_MODE=%s → %p', (value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir, DEMO_MODE: value }).DEMO_MODE).toBe(expected);
  });

  it.each(['true', 'false'])('DEMO_DATA=%s (the old name) stops the start and names DEMO_MODE', (value) => {
    expect(configErrorFor({ DEMO_DATA: value })).toMatch(/^Invalid configuration: DEMO_DATA: replaced by DEMO_MODE/);
  });

  it.each(['postgres://u:p@db:5432/app', 'postgresql://db/app'])('DATABASE_URL %s is accepted', (url) => {
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });
});

describe('invalid variables throw a ConfigError that names the variable', () => {
  it.each<[string, Record<string, string>]>([
    ['UPSTREAM_TIMEOUT_MS', { UPSTREAM_TIMEOUT_MS: 'soon' }],
    ['UPSTREAM_TIMEOUT_MS', { UPSTREAM_TIMEOUT_MS: '0' }],
    ['UPSTREAM_TIMEOUT_MS', { UPSTREAM_TIMEOUT_MS: '-5' }],
    ['UPSTREAM_TIMEOUT_MS', { UPSTREAM_TIMEOUT_MS: '1.5' }],
    ['UPSTREAM_TIMEOUT_MS', { UPSTREAM_TIMEOUT_MS: '600001' }],
    ['UPSTREAM_API_URL', { UPSTREAM_API_URL: 'not a url' }],
    ['UPSTREAM_API_URL', { UPSTREAM_API_URL: 'ftp://api.example.com' }],
    ['UPSTREAM_API_URL', { UPSTREAM_API_URL: 'file:///etc/passwd' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/app' }],
    ['DATABASE_URL', { DATABASE_URL: 'localhost:5432' }],
    ['CLIENT_CRYPTO_KEY', { CLIENT_CRYPTO_KEY: 'short' }],
    ['CLIENT_CRYPTO_KEY', { CLIENT_CRYPTO_KEY: 'x'.repeat(17) }],
    ['CLIENT_CRYPTO_IV', { CLIENT_CRYPTO_IV: 'x'.repeat(15) }],
    ['SESSION_SECRET', { SESSION_SECRET: 'too-short' }],
    ['COOKIE_SECURE', { COOKIE_SECURE: 'maybe' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['DEMO_MODE', { DEMO_MODE: 'sure' }],
    ['TOKEN_TTL_SECONDS', { TOKEN_TTL_SECONDS: String(7 * 24 * 3600 + 1) }],
    ['SESSION_WARNING_SECONDS', { SESSION_WARNING_SECONDS: '0' }],
    ['HEADER_FOOTER_CACHE_SECONDS', { HEADER_FOOTER_CACHE_SECONDS: '-1' }],
    ['HEADER_FOOTER_CACHE_SECONDS', { HEADER_FOOTER_CACHE_SECONDS: '3601' }],
    ['IDENT_CODE_MAX_FAILURES_PER_CLIENT', { IDENT_CODE_MAX_FAILURES_PER_CLIENT: '0' }],
    ['IDENT_CODE_FAILURE_WINDOW_SECONDS', { IDENT_CODE_FAILURE_WINDOW_SECONDS: 'hour' }],
    ['IDENT_CODE_LOCK_SECONDS', { IDENT_CODE_LOCK_SECONDS: String(30 * 24 * 3600 + 1) }],
    ['GROUP_CODE_MAX_FAILURES_PER_CLIENT', { GROUP_CODE_MAX_FAILURES_PER_CLIENT: '0' }],
    ['GROUP_CODE_FAILURE_WINDOW_SECONDS', { GROUP_CODE_FAILURE_WINDOW_SECONDS: 'hour' }],
    ['GROUP_CODE_LOCK_SECONDS', { GROUP_CODE_LOCK_SECONDS: '-5' }],
    ['GROUP_CODE_MAX_LOGINS_PER_CLIENT', { GROUP_CODE_MAX_LOGINS_PER_CLIENT: '2.5' }],
    ['GROUP_CODE_LOGIN_WINDOW_SECONDS', { GROUP_CODE_LOGIN_WINDOW_SECONDS: String(30 * 24 * 3600 + 1) }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example.com' }],
    ['SMTP_URL', { SMTP_URL: 'mail.example.com:25' }],
    ['SMTP_TIMEOUT_MS', { SMTP_TIMEOUT_MS: '0' }],
    ['MAIL_FROM', { MAIL_FROM: 'a@b.example\r\nBcc: victim@example.com' }],
    ['MAIL_MAX_PER_PARTICIPANT_PER_HOUR', { MAIL_MAX_PER_PARTICIPANT_PER_HOUR: '0' }],
    ['MAIL_MAX_PER_CLIENT_PER_HOUR', { MAIL_MAX_PER_CLIENT_PER_HOUR: 'many' }],
    ['PRIVACY_FINISHED_DAYS', { PRIVACY_FINISHED_DAYS: '-1' }],
    ['PRIVACY_FINISHED_DAYS', { PRIVACY_FINISHED_DAYS: 'never' }],
    ['PRIVACY_UNFINISHED_DAYS', { PRIVACY_UNFINISHED_DAYS: '0' }],
    ['PRIVACY_NEVER_STARTED_DAYS', { PRIVACY_NEVER_STARTED_DAYS: '1.5' }],
    ['PRIVACY_OUTBOX_DAYS', { PRIVACY_OUTBOX_DAYS: '36501' }],
    ['PRIVACY_DRAFT_DAYS', { PRIVACY_DRAFT_DAYS: '0' }],
    ['PRIVACY_INVOICE_YEARS', { PRIVACY_INVOICE_YEARS: '101' }],
    ['WEB_CONCURRENCY', { WEB_CONCURRENCY: '0' }],
    ['WEB_CONCURRENCY', { WEB_CONCURRENCY: '65' }],
    ['WEB_CONCURRENCY', { WEB_CONCURRENCY: 'two' }],
    ['WEB_CONCURRENCY', { WEB_CONCURRENCY: '1.5' }],
    ['WEB_CONCURRENCY', { WEB_CONCURRENCY: '2' }],
    ['SHUTDOWN_TIMEOUT_MS', { SHUTDOWN_TIMEOUT_MS: 'soon' }],
    ['SHUTDOWN_TIMEOUT_MS', { SHUTDOWN_TIMEOUT_MS: '-1' }],
    ['SHUTDOWN_TIMEOUT_MS', { SHUTDOWN_TIMEOUT_MS: '600001' }],
  ])('%s (%j)', (variable, env) => {
    const message = configErrorFor(env);
    expect(message).toMatch(/^Invalid configuration: /);
    expect(message).toContain(`${variable}:`);
  });

  it.each([{ WEB_CONCURRENCY: '2' }, { WEB_CONCURRENCY: '0' }, { SHUTDOWN_TIMEOUT_MS: 'soon' }])('%j: in the words server.mjs stops its start with', (env) => {
    let start = '';
    try {
      workerCount(env, { dev: false, cores: 2 });
      shutdownTimeoutMs(env.SHUTDOWN_TIMEOUT_MS);
    } catch (error) {
      start = (error as Error).message;
    }
    expect(start).toMatch(/^Invalid configuration: (WEB_CONCURRENCY|SHUTDOWN_TIMEOUT_MS): /);
    expect(configErrorFor(env)).toContain(start.replace(/^Invalid configuration: /, ''));
  });

  it('several workers are fine on PostgreSQL and in front of an upstream; one, and any time limit up to 10 minutes, anywhere', () => {
    for (const env of [
      { WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://app@db/app' },
      { WEB_CONCURRENCY: '64', UPSTREAM_API_URL: 'https://api.example.com' },
      { WEB_CONCURRENCY: '1' },
      { SHUTDOWN_TIMEOUT_MS: '0' },
      { SHUTDOWN_TIMEOUT_MS: '600000' },
    ]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, ...env })).not.toThrow();
    }
  });

  it('a refused SMTP_URL is named without its value, which may hold a password', () => {
    const message = configErrorFor({ SMTP_URL: 'http://user:Sup3rSecret@mail.example.com' });
    expect(message).toContain('SMTP_URL:');
    expect(message).not.toContain('Sup3rSecret');
  });

  it('names every offending variable at once', () => {
    const message = configErrorFor({ UPSTREAM_TIMEOUT_MS: 'x', DATABASE_URL: 'mysql://x' });
    expect(message).toContain('UPSTREAM_TIMEOUT_MS:');
    expect(message).toContain('DATABASE_URL:');
  });

  it.each([
    ['16 bytes', 'a'.repeat(16)],
    ['24 bytes', 'a'.repeat(24)],
    ['32 bytes', 'a'.repeat(32)],
    ['16 bytes of multi-byte text', 'ääääääää'],
  ])('CLIENT_CRYPTO_KEY of %s is accepted', (_label, key) => {
    expect(loadConfig({ DATA_DIR: dataDir, CLIENT_CRYPTO_KEY: key }).CLIENT_CRYPTO_KEY).toBe(key);
  });

  it('a key of 16 characters but more bytes is refused (AES needs bytes, not characters)', () => {
    expect(configErrorFor({ CLIENT_CRYPTO_KEY: 'ä' + 'a'.repeat(15) })).toContain('CLIENT_CRYPTO_KEY:');
  });
});

describe('SESSION_SECRET', () => {
  it('is taken from the environment when set, and nothing is written', () => {
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET }).sessionSecret).toBe(SECRET);
    expect(fs.existsSync(path.join(dataDir, 'session-secret'))).toBe(false);
  });

  it('is generated into DATA_DIR/session-secret when unset, and reused on the next start', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    const file = path.join(dataDir, 'session-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(file, 'utf8')).toBe(first);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });

  it('creates a missing DATA_DIR for the generated secret', () => {
    const nested = path.join(dataDir, 'a', 'b');
    const secret = loadConfig({ DATA_DIR: nested }).sessionSecret;
    expect(fs.readFileSync(path.join(nested, 'session-secret'), 'utf8')).toBe(secret);
  });

  it('two data folders get different secrets', () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'config-test-'));
    try {
      expect(loadConfig({ DATA_DIR: other }).sessionSecret).not.toBe(loadConfig({ DATA_DIR: dataDir }).sessionSecret);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('an existing secret file is read with surrounding whitespace trimmed', () => {
    const stored = 's'.repeat(48);
    fs.writeFileSync(path.join(dataDir, 'session-secret'), `${stored}\n`);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(stored);
  });

  // A short or empty secret file must never seal sessions: a new secret replaces it.
  it.each([
    ['an empty file', ''],
    ['a short file', 'short'],
  ])('a secret file holding %s is not used as the session secret', (_label, stored) => {
    fs.writeFileSync(path.join(dataDir, 'session-secret'), stored);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret.length).toBeGreaterThanOrEqual(32);
  });
});

describe('empty strings count as unset', () => {
  it.each([
    ['UPSTREAM_API_URL', 'embeddedApi', true],
    ['UPSTREAM_TIMEOUT_MS', 'UPSTREAM_TIMEOUT_MS', 15_000],
    ['DATABASE_URL', 'DATABASE_URL', undefined],
    ['COOKIE_SECURE', 'COOKIE_SECURE', 'auto'],
    ['CLIENT_CRYPTO_KEY', 'CLIENT_CRYPTO_KEY', 'Kx7#pQ2!vR9$mW4z'],
    ['NODE_ENV', 'NODE_ENV', 'development'],
    ['DEMO_MODE', 'DEMO_MODE', false],
  ] as const)('%s="" behaves as unset', (variable, field, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, [variable]: '' })[field]).toEqual(expected);
  });

  it('SESSION_SECRET="" generates a secret instead of failing on the minimum length', () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: '' });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(config.sessionSecret);
  });

  it('DATA_DIR="" falls back to ./.data', () => {
    expect(loadConfig({ DATA_DIR: '', SESSION_SECRET: SECRET }).dataDir).toBe(path.resolve('./.data'));
  });
});

describe('getConfig', () => {
  const KEY = Symbol.for('assessment-web.config');
  const holder = globalThis as Record<symbol, unknown>;
  const saved = { ...process.env };

  afterEach(() => {
    delete holder[KEY];
    process.env = { ...saved };
  });

  it('reads process.env once and caches the result for the process', () => {
    delete holder[KEY];
    process.env = { ...saved, DATA_DIR: dataDir, SESSION_SECRET: SECRET, UPSTREAM_TIMEOUT_MS: '1234', PAYPAL_TIMEOUT_MS: '1000' };
    const first = getConfig();
    expect(first.UPSTREAM_TIMEOUT_MS).toBe(1234);
    process.env.UPSTREAM_TIMEOUT_MS = '999';
    expect(getConfig()).toBe(first);
  });

  it('throws the ConfigError for a bad environment and caches nothing', () => {
    delete holder[KEY];
    process.env = { ...saved, DATA_DIR: dataDir, SESSION_SECRET: SECRET, UPSTREAM_TIMEOUT_MS: 'never' };
    expect(() => getConfig()).toThrow(ConfigError);
    expect(holder[KEY]).toBeUndefined();
  });
});

/**
 * How the portal takes payments (lib/config/paypal.ts), for every combination an operator can
 * write: PAYPAL_MODE (unset, demo, sandbox, live) × credentials (none, id, secret, both) × a real
 * upstream or the embedded API × development or production. The outcome is the mode, or a refusal
 * naming the variable to fix; the one case that depends on upstream and NODE_ENV is an explicit
 * demo next to a real upstream in production, where buyers would be shown a button taking no money.
 */
describe('PAYPAL_MODE and the PayPal credentials', () => {
  const CLIENT_ID = 'AbCdEfGhIjKlMnOpQrStUvWxYz';
  const CLIENT_SECRET = 'EFgHiJkLmNoPqRsTuVwXyZ-secret-value';
  const CREDENTIALS = {
    none: {},
    id: { PAYPAL_CLIENT_ID: CLIENT_ID },
    secret: { PAYPAL_CLIENT_SECRET: CLIENT_SECRET },
    both: { PAYPAL_CLIENT_ID: CLIENT_ID, PAYPAL_CLIENT_SECRET: CLIENT_SECRET },
  } as const;
  type Credentials = keyof typeof CREDENTIALS;
  /**
   * The outcome in demo mode (DEMO_MODE=on) and outside it, with the embedded API or with an
   * upstream outside production. Outside demo mode nothing sells for free: no PAYPAL_MODE means no
   * payments at all, and the stand-in is refused.
   */
  const TABLE: Array<[string | undefined, Credentials, string, string]> = [
    [undefined, 'none', 'demo', 'unavailable'],
    [undefined, 'id', 'refused PAYPAL_MODE', 'refused PAYPAL_MODE'],
    [undefined, 'secret', 'refused PAYPAL_MODE', 'refused PAYPAL_MODE'],
    [undefined, 'both', 'refused PAYPAL_MODE', 'refused PAYPAL_MODE'],
    ['demo', 'none', 'demo', 'refused PAYPAL_MODE'],
    ['demo', 'id', 'refused PAYPAL_CLIENT_ID', 'refused PAYPAL_MODE'],
    ['demo', 'secret', 'refused PAYPAL_CLIENT_SECRET', 'refused PAYPAL_MODE'],
    ['demo', 'both', 'refused PAYPAL_CLIENT_ID', 'refused PAYPAL_MODE'],
    ['sandbox', 'none', 'refused PAYPAL_CLIENT_ID', 'refused PAYPAL_CLIENT_ID'],
    ['sandbox', 'id', 'refused PAYPAL_CLIENT_SECRET', 'refused PAYPAL_CLIENT_SECRET'],
    ['sandbox', 'secret', 'refused PAYPAL_CLIENT_ID', 'refused PAYPAL_CLIENT_ID'],
    ['sandbox', 'both', 'sandbox', 'sandbox'],
    ['live', 'none', 'refused PAYPAL_CLIENT_ID', 'refused PAYPAL_CLIENT_ID'],
    ['live', 'id', 'refused PAYPAL_CLIENT_SECRET', 'refused PAYPAL_CLIENT_SECRET'],
    ['live', 'secret', 'refused PAYPAL_CLIENT_ID', 'refused PAYPAL_CLIENT_ID'],
    ['live', 'both', 'live', 'live'],
  ];
  const rows = TABLE.flatMap(([mode, credentials, inDemo, outside]) =>
    (['on', 'off'] as const).flatMap((demoMode) =>
      (['embedded', 'upstream'] as const).flatMap((api) =>
        (['development', 'production'] as const).map((nodeEnv) => {
          const outcome = demoMode === 'on' ? inDemo : outside;
          const refusedDemo = demoMode === 'on' && mode === 'demo' && credentials === 'none' && api === 'upstream' && nodeEnv === 'production';
          return [mode ?? '(unset)', credentials, demoMode, api, nodeEnv, refusedDemo ? 'refused PAYPAL_MODE' : outcome] as const;
        }),
      ),
    ),
  );

  it.each(rows)('PAYPAL_MODE=%s, credentials %s, DEMO_MODE=%s, %s API, %s → %s', (mode, credentials, demoMode, api, nodeEnv, outcome) => {
    const env = {
      ...(mode !== '(unset)' && { PAYPAL_MODE: mode }),
      ...CREDENTIALS[credentials],
      ...(api === 'upstream' && { UPSTREAM_API_URL: 'https://upstream.example' }),
      DEMO_MODE: demoMode,
      NODE_ENV: nodeEnv,
    };
    if (outcome.startsWith('refused ')) {
      const message = configErrorFor(env);
      expect(message).toContain(`Invalid configuration: ${outcome.slice('refused '.length)}:`);
      expect(message).not.toContain(CLIENT_SECRET);
      return;
    }
    const { paypal } = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, ...env });
    expect(paypal.mode).toBe(outcome);
    if (outcome === 'unavailable') {
      expect(paypal).toEqual({ mode: 'unavailable' });
    } else if (outcome === 'demo') {
      expect(paypal).toEqual({ mode: 'demo', clientId: 'demo-client', clientSecret: 'demo-secret', timeoutMs: expect.any(Number) });
    } else {
      expect(paypal).toMatchObject({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, apiBase: outcome === 'live' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com' });
    }
  });

  it('PAYPAL_API_BASE overrides where the server asks, in every mode', () => {
    const base = { DATA_DIR: dataDir, SESSION_SECRET: SECRET, PAYPAL_API_BASE: 'http://127.0.0.1:4999' };
    expect(loadConfig({ ...base, DEMO_MODE: 'on' }).paypal).toMatchObject({ mode: 'demo', apiBase: 'http://127.0.0.1:4999' });
    expect(loadConfig({ ...base, ...CREDENTIALS.both, PAYPAL_MODE: 'live' }).paypal).toMatchObject({ mode: 'live', apiBase: 'http://127.0.0.1:4999' });
  });

  it('empty credentials count as none (a template left blank): the demo in demo mode, no payments outside it', () => {
    const blank = { DATA_DIR: dataDir, SESSION_SECRET: SECRET, PAYPAL_CLIENT_ID: '', PAYPAL_CLIENT_SECRET: '' };
    expect(loadConfig({ ...blank, DEMO_MODE: 'on' }).paypal.mode).toBe('demo');
    expect(loadConfig(blank).paypal.mode).toBe('unavailable');
  });
});

describe('PAYPAL_TIMEOUT_MS fits into the proxy\'s limit of an embedded call', () => {
  it('the defaults fit: 10 s within 15 s', () => {
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, DEMO_MODE: 'on' }).paypal).toMatchObject({ timeoutMs: 10_000 });
  });
  it.each([
    [{ PAYPAL_TIMEOUT_MS: '15000' }],
    [{ PAYPAL_TIMEOUT_MS: '20000' }],
    [{ UPSTREAM_TIMEOUT_MS: '5000' }],
  ])('%p with the embedded API → refused, naming both', (env) => {
    expect(configErrorFor(env)).toMatch(/PAYPAL_TIMEOUT_MS: must be less than UPSTREAM_TIMEOUT_MS/);
  });
  it('with a real upstream the upstream verifies: no such rule', () => {
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, DEMO_MODE: 'on', UPSTREAM_API_URL: 'https://api.example', PAYPAL_TIMEOUT_MS: '20000' }).paypal).toMatchObject({ timeoutMs: 20_000 });
  });
});


describe('SMTP_URL with a user and password needs TLS', () => {
  it.each([
    'smtp://user:Sup3rSecret@mail.example.com:587',
    'smtp://user:Sup3rSecret@mail.example.com:587?requireTLS=false',
    'smtp://user:Sup3rSecret@mail.example.com:587?requireTLS=true&ignoreTLS=true',
    'smtp://user@mail.example.com:25',
  ])('%s is refused, naming the variable and the ways out, without the URL', (url) => {
    const message = configErrorFor({ SMTP_URL: url });
    expect(message).toMatch(/^Invalid configuration: SMTP_URL: carries a user and password but does not require TLS/);
    expect(message).toContain('?requireTLS=true');
    expect(message).toContain('SMTP_ALLOW_PLAIN_WITH_CREDENTIALS=true');
    expect(message).not.toMatch(/Sup3rSecret|user@|mail\.example\.com/);
  });

  it.each([
    ['STARTTLS required', { SMTP_URL: 'smtp://user:Sup3rSecret@mail.example.com:587?requireTLS=true' }],
    ['TLS from the start', { SMTP_URL: 'smtps://user:Sup3rSecret@mail.example.com:465' }],
    ['TLS from the start on smtp://', { SMTP_URL: 'smtp://user:Sup3rSecret@mail.example.com:465?secure=true' }],
    ['no credentials (a local relay, the journeys\' test server)', { SMTP_URL: 'smtp://127.0.0.1:2525' }],
    ['plain on purpose', { SMTP_URL: 'smtp://user:Sup3rSecret@relay.internal:25', SMTP_ALLOW_PLAIN_WITH_CREDENTIALS: 'true' }],
  ])('%s is accepted', (_, env) => {
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, ...env }).SMTP_URL).toBe(env.SMTP_URL);
  });

  it('the opt-in is off by default and must be a boolean', () => {
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET }).SMTP_ALLOW_PLAIN_WITH_CREDENTIALS).toBe(false);
    expect(configErrorFor({ SMTP_ALLOW_PLAIN_WITH_CREDENTIALS: 'maybe' })).toContain('SMTP_ALLOW_PLAIN_WITH_CREDENTIALS:');
  });
});

describe('BASE_PATH and PUBLIC_URL: the links handed out lead under the base path', () => {
  it('without either: no base path, and links under http://localhost:3000', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ BASE_PATH: '', PUBLIC_URL: 'http://localhost:3000' });
  });

  it('PUBLIC_URL defaults to http://localhost:3000 with the base path', () => {
    expect(loadConfig({ DATA_DIR: dataDir, BASE_PATH: '/assessment' })).toMatchObject({ BASE_PATH: '/assessment', PUBLIC_URL: 'http://localhost:3000/assessment' });
  });

  it.each(['https://example.org/assessment', 'https://example.org/assessment/'])('PUBLIC_URL %s fits BASE_PATH=/assessment', (url) => {
    expect(loadConfig({ DATA_DIR: dataDir, BASE_PATH: '/assessment', PUBLIC_URL: url }).PUBLIC_URL).toBe(url);
  });

  it('a PUBLIC_URL without the base path is refused, saying what it must be', () => {
    expect(configErrorFor({ BASE_PATH: '/assessment', PUBLIC_URL: 'https://example.org' })).toBe(
      "Invalid configuration: PUBLIC_URL: its path must be the base path /assessment (BASE_PATH), e.g. https://example.org/assessment; it is '/'",
    );
    expect(configErrorFor({ BASE_PATH: '/assessment', PUBLIC_URL: 'https://example.org/other' })).toContain("it is '/other'");
  });

  it('a PUBLIC_URL with a path but no BASE_PATH is refused: its links would lead to the 404 page', () => {
    expect(configErrorFor({ PUBLIC_URL: 'https://example.org/assessment' })).toBe(
      "Invalid configuration: PUBLIC_URL: it has the path '/assessment' but BASE_PATH is not set: build and start with BASE_PATH=/assessment, or give PUBLIC_URL without a path",
    );
  });

  it.each(['assessment', '/assessment/', '/a/b/c'])('BASE_PATH %j is refused', (value) => {
    expect(configErrorFor({ BASE_PATH: value })).toContain('BASE_PATH: must be');
  });
});

describe('tracing: OpenTelemetry\'s variables, off unless an OTLP endpoint is set', () => {
  it('off by default; the service is called assessment-web', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(tracingOn(config)).toBe(false);
    expect(config.OTEL_SERVICE_NAME).toBe('assessment-web');
  });

  it.each([
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://localhost:4318' }, 'http://localhost:4318/v1/traces'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://user:key@collector.example/otlp/' }, 'https://collector.example/otlp/v1/traces'],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector.example/v1/traces?tenant=school' }, 'https://collector.example/v1/traces'],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector.example:4318/v1/traces' }, 'https://collector.example:4318/v1/traces'],
  ])('%j turns it on, sending to %s', (env, destination) => {
    const config = loadConfig({ DATA_DIR: dataDir, ...env });
    expect(tracingOn(config)).toBe(true);
    expect(tracesDestination(config)).toBe(destination);
  });

  it('an empty endpoint is unset, as every variable is: tracing stays off', () => {
    expect(tracingOn(loadConfig({ DATA_DIR: dataDir, OTEL_EXPORTER_OTLP_ENDPOINT: '' }))).toBe(false);
  });

  it.each([
    ['OTEL_EXPORTER_OTLP_ENDPOINT', { OTEL_EXPORTER_OTLP_ENDPOINT: 'localhost:4318' }, 'must be an http:// or https:// URL'],
    ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'grpc://collector:4317' }, 'must be an http:// or https:// URL'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', { OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example/otlp?tenant=school' }, 'must have no query or fragment'],
    ['OTEL_EXPORTER_OTLP_PROTOCOL', { OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }, 'must be http/json'],
    ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', { OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' }, 'must be http/json'],
    ['OTEL_EXPORTER_OTLP_TIMEOUT', { OTEL_EXPORTER_OTLP_TIMEOUT: 'soon' }, ''],
    ['OTEL_EXPORTER_OTLP_COMPRESSION', { OTEL_EXPORTER_OTLP_COMPRESSION: 'zstd' }, ''],
    ['OTEL_SERVICE_NAME', { OTEL_SERVICE_NAME: ' ' }, ''],
  ])('%s is refused, saying what it must be', (variable, env, says) => {
    const message = configErrorFor(env);
    expect(message).toContain(`${variable}:`);
    expect(message).toContain(says);
  });

  it('headers are name=value pairs; a wrong one is named by its position, never by its value (a collector\'s key)', () => {
    expect(loadConfig({ DATA_DIR: dataDir, OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=S3cr%3Dt,x-tenant=school' }).OTEL_EXPORTER_OTLP_HEADERS).toBe('x-api-key=S3cr%3Dt,x-tenant=school');
    for (const headers of ['x-tenant=school,Bearer S3cretKey', 'authorization=', 'x-api-key=S3cret%ZZKey']) {
      const message = configErrorFor({ OTEL_EXPORTER_OTLP_TRACES_HEADERS: headers });
      expect(message).toMatch(/^Invalid configuration: OTEL_EXPORTER_OTLP_TRACES_HEADERS: (entry|the value of entry) \d/);
      expect(message).not.toMatch(/S3cret/);
    }
  });
});

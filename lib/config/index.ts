import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { paypalConfig, type PaypalConfig } from './paypal';
import { describeEnvErrors, envSchema, type Env } from './schema';

export type AppConfig = Env & {
  /** Absolute data folder; PGlite files and the generated secret live here. */
  dataDir: string;
  /** The secret that seals session cookies and signs XSRF tokens. */
  sessionSecret: string;
  /** True when no UPSTREAM_API_URL is set: the embedded API answers in-process. */
  embeddedApi: boolean;
  /** The portal's payments (lib/config/paypal.ts). */
  paypal: PaypalConfig;
  /**
   * HEADER_FOOTER_CACHE_SECONDS, else 60 s with the embedded API, which tells every worker of a branding
   * change, and 0 with a real upstream, whose changes nobody tells (lib/upstream/headerFooterCache.ts).
   */
  headerFooterCacheSeconds: number;
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(`Invalid configuration: ${message}`);
    this.name = 'ConfigError';
  }
}

const GLOBAL_KEY = Symbol.for('assessment-web.config');
type Holder = { [GLOBAL_KEY]?: AppConfig };

/** Reads and validates the environment once per process. Throws ConfigError naming the variable. */
export function getConfig(): AppConfig {
  const holder = globalThis as Holder;
  const cached = holder[GLOBAL_KEY];
  if (cached) return cached;
  const config = loadConfig(process.env);
  holder[GLOBAL_KEY] = config;
  return config;
}

/**
 * The environment as the app reads it, validated, and nothing derived from it yet (no secret is
 * created): for a tool that takes the app's settings, such as the contract check. Throws
 * ConfigError naming the variable.
 */
export function readEnv(source: Record<string, string | undefined>): Env {
  // Empty strings count as unset, as operators often template them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  // DEMO_DATA=true used to be the default; an environment still naming it must not silently mean something else.
  if (cleaned.DEMO_DATA !== undefined) throw new ConfigError('DEMO_DATA: replaced by DEMO_MODE (on or off; off by default): demo mode brings the demo data, /home-dev and the PayPal stand-in together');
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) throw new ConfigError(describeEnvErrors(parsed.error));
  return parsed.data;
}

export function loadConfig(source: Record<string, string | undefined>): AppConfig {
  const env = readEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  const paypal = paypalConfig(env);
  if ('problem' in paypal) throw new ConfigError(paypal.problem);
  return {
    ...env,
    dataDir,
    sessionSecret: env.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    embeddedApi: env.UPSTREAM_API_URL === undefined,
    paypal,
    headerFooterCacheSeconds: env.HEADER_FOOTER_CACHE_SECONDS ?? (env.UPSTREAM_API_URL === undefined ? 60 : 0),
  };
}

/** A generated secret survives restarts; several instances must share SESSION_SECRET instead. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    // Another process won the race: use its secret, unless the file is too short to be one.
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

import { z } from 'zod';
import { parseBasePath } from '@/lib/edge/basePath.mjs';
import { metricsHostProblem, metricsPortProblem, metricsSettings, metricsTokenProblem, type MetricsSettingsError } from '@/lib/metrics/settings.mjs';
import { shutdownTimeoutProblem, webConcurrencyProblem } from '@/lib/edge/workers.mjs';
import { smtpPlainProblem } from './smtp';
import { tracingFields } from './tracing';

const booleanish = z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']).transform((v) => v === 'true' || v === '1' || v === 'yes' || v === 'on');
const positiveInt = z.coerce.number().int().positive();

/**
 * Every environment variable the app reads. The README's configuration table mirrors this list;
 * nothing else in the code base reads process.env.
 */
export const envFields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  UPSTREAM_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  UPSTREAM_TIMEOUT_MS: positiveInt.max(600_000).default(15_000),
  // How long the header and footer's answer serves the same participant's next pages (0: never kept); unset, see headerFooterCacheSeconds.
  HEADER_FOOTER_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  CLIENT_CRYPTO_KEY: z.string().refine((v) => [16, 24, 32].includes(Buffer.byteLength(v)), 'must be 16, 24 or 32 bytes').default('Kx7#pQ2!vR9$mW4z'),
  CLIENT_CRYPTO_IV: z.string().refine((v) => Buffer.byteLength(v) === 16, 'must be 16 bytes').default('iV3@bN8&cT5*hJ1q'),
  TOKEN_TTL_SECONDS: positiveInt.max(7 * 24 * 3600).default(4 * 3600),
  /** How long before the token expires the participant is warned and may stay signed in (components/session/SessionTimeout.tsx). */
  SESSION_WARNING_SECONDS: positiveInt.max(3600).default(120),
  /**
   * Demo mode, only when asked for (`npm run demo` sets it): the demo data with its public codes,
   * /home-dev listing them, and the PayPal stand-in that takes no money. Off, a start carries none
   * of it and removes demo rows an earlier demo start left (lib/config/mode.ts).
   */
  DEMO_MODE: booleanish.default(false),
  /** Wrong access codes for one assessment from one client address within the window; then that address is refused for it (others are not, so nobody can lock the owner out). */
  ACCESS_CODE_MAX_FAILURES_PER_ASSESSMENT: positiveInt.default(20),
  /** Assessments one client address sent wrong codes for (not followed by the right one) within the window; then it is refused for all (a classroom behind one NAT stays far below). */
  ACCESS_CODE_MAX_FAILURES_PER_CLIENT: positiveInt.default(100),
  ACCESS_CODE_FAILURE_WINDOW_SECONDS: positiveInt.default(3600),
  ACCESS_CODE_LOCK_SECONDS: positiveInt.default(900),
  /** Key checks of one assessment that may run back to back, from all addresses together, before they are paced. */
  ACCESS_CODE_CHECK_BURST: positiveInt.max(1_000_000).default(10),
  /** Then one key check of one assessment per this many seconds, from all addresses together: what bounds guessing from many addresses. */
  ACCESS_CODE_CHECK_INTERVAL_SECONDS: positiveInt.max(3600).default(2),
  /** How long an attempt waits for its turn before it is answered `locked`; stays well below UPSTREAM_TIMEOUT_MS, which the gateway waits. */
  ACCESS_CODE_MAX_WAIT_SECONDS: positiveInt.max(60).default(8),
  /** Unknown ident codes from one client address within the window before lookups are refused (enumeration); a class behind one NAT mistypes too. */
  IDENT_CODE_MAX_FAILURES_PER_CLIENT: positiveInt.max(1_000_000).default(100),
  IDENT_CODE_FAILURE_WINDOW_SECONDS: positiveInt.max(30 * 24 * 3600).default(3600),
  IDENT_CODE_LOCK_SECONDS: positiveInt.max(30 * 24 * 3600).default(900),
  /** Unknown group codes from one client address within the window before logins from it are refused (enumeration); a classroom behind one NAT mistypes too. */
  GROUP_CODE_MAX_FAILURES_PER_CLIENT: positiveInt.max(1_000_000).default(100),
  GROUP_CODE_FAILURE_WINDOW_SECONDS: positiveInt.max(30 * 24 * 3600).default(3600),
  GROUP_CODE_LOCK_SECONDS: positiveInt.max(30 * 24 * 3600).default(900),
  /** New participants one client address may start with one group code within the login window (a classroom behind one NAT must fit). */
  GROUP_CODE_MAX_LOGINS_PER_CLIENT: positiveInt.max(1_000_000).default(500),
  GROUP_CODE_LOGIN_WINDOW_SECONDS: positiveInt.max(30 * 24 * 3600).default(3600),
  /**
   * The path the app is served under ('/assessment'; none by default), fixed by the build
   * (next.config.mjs); a production start takes the build's and refuses another (server.mjs). The
   * admin command line reads it from here, for PUBLIC_URL's check.
   */
  BASE_PATH: z
    .string()
    .transform((value, ctx) => {
      try {
        return parseBasePath(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: "must be '/segment' or '/segment/segment' (letters, digits, '-', '_', '.', '~'), with no trailing slash" });
        return z.NEVER;
      }
    })
    .default(''),
  /**
   * Where participants reach the app: the admin command line prints deep links under it, mails
   * link back to it. Its path is the base path (https://example.org/assessment for BASE_PATH=/assessment);
   * by default http://localhost:3000 with the base path.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Where the embedded API sends mail (smtp://user:pass@host:587?requireTLS=true, smtps://… for
   * TLS from the start); unset: each mail goes into the outbox table that `npm run admin -- outbox`
   * reads. A user and password need TLS (lib/config/smtp.ts).
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** Lets SMTP_URL send its user and password over plain SMTP (a relay without TLS); off by default. */
  SMTP_ALLOW_PLAIN_WITH_CREDENTIALS: booleanish.default(false),
  /** How long connecting, the greeting and each reply of the SMTP server may take: a dead server fails fast. */
  SMTP_TIMEOUT_MS: positiveInt.max(120_000).default(10_000),
  /** The sender of every mail, `address` or `Name <address>`. */
  MAIL_FROM: z.string().trim().min(3).max(200).refine((v) => !/[\r\n]/.test(v), 'must be one line').default('Assessment Online <no-reply@assessment-online.example>'),
  /** Access-code mails one group participant may have sent within an hour (anti-spam). */
  MAIL_MAX_PER_PARTICIPANT_PER_HOUR: positiveInt.max(1_000_000).default(3),
  /** Mails to one recipient address within an hour, whoever asked (access codes, payment confirmations): many requesters cannot fill one inbox. */
  MAIL_MAX_PER_RECIPIENT_PER_HOUR: positiveInt.max(1_000_000).default(5),
  /** Mails sent on behalf of one client address within an hour, across participants and buyers (anti-spam). */
  MAIL_MAX_PER_CLIENT_PER_HOUR: positiveInt.max(1_000_000).default(20),
  /**
   * The portal's payments. sandbox or live: PayPal itself, with PAYPAL_CLIENT_ID and
   * PAYPAL_CLIENT_SECRET; demo (only with DEMO_MODE on, where it is the default): the app's own
   * stand-in of PayPal, no money moves; unset outside demo mode: the portal takes no orders
   * (lib/config/paypal.ts checks the combination).
   */
  PAYPAL_MODE: z.enum(['demo', 'sandbox', 'live']).optional(),
  /** The Orders API the server asks; default from PAYPAL_MODE (api-m.sandbox.paypal.com, api-m.paypal.com, the app's own demo). For tests. */
  PAYPAL_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  PAYPAL_CLIENT_ID: z.string().trim().min(1).max(200).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  /** How long verifying one payment with PayPal may take (token, read and capture together); less than UPSTREAM_TIMEOUT_MS (lib/config/paypal.ts). */
  PAYPAL_TIMEOUT_MS: positiveInt.max(120_000).default(10_000),
  /** Portal transactions (invoice forms sent) one client address may start within an hour. */
  PORTAL_MAX_INVOICES_PER_CLIENT_PER_HOUR: positiveInt.max(1_000_000).default(30),
  /**
   * Personal keys one participant may set within an hour: each costs a strong hash and ends their
   * other tokens, and one participant looping over the call took a core and 200 MB. A participant
   * sets one, maybe corrects it once or twice.
   */
  PERSONAL_KEY_MAX_CHANGES_PER_PARTICIPANT_PER_HOUR: positiveInt.max(1_000_000).default(10),
  /**
   * Retention (docs/privacy.md#retention), applied by the daily purge and `privacy purge`. Finished
   * assessments' personal data are erased this many days after finishing, their answers kept
   * anonymous; 0 (the default): never, as the operator decides what finished results are kept for.
   */
  PRIVACY_FINISHED_DAYS: z.coerce.number().int().min(0).max(36_500).default(0),
  /** Unfinished assessments with no activity for this many days are erased, with their person. */
  PRIVACY_UNFINISHED_DAYS: positiveInt.max(36_500).default(365),
  /** Group participants who never answered anything are erased this many days after their login. */
  PRIVACY_NEVER_STARTED_DAYS: positiveInt.max(36_500).default(30),
  /** Mails in the outbox are deleted this many days after they were written. */
  PRIVACY_OUTBOX_DAYS: positiveInt.max(36_500).default(30),
  /** Drafts of a page not touched for this many days are deleted (the saved answers stay). */
  PRIVACY_DRAFT_DAYS: positiveInt.max(36_500).default(30),
  /** Invoice data of the portal are kept this many years after the end of their calendar year (§147 AO: 10), then deleted. */
  PRIVACY_INVOICE_YEARS: positiveInt.max(100).default(10),
  /**
   * The operator console (/admin, docs/operations.md#the-operator-console): wrong passwords one
   * account may receive from all addresses within the window before its password sign-in waits
   * (its passkeys still work), and wrong passwords one address may send for any accounts.
   */
  CONSOLE_SIGNIN_MAX_FAILURES_PER_ACCOUNT: positiveInt.max(1000).default(10),
  CONSOLE_SIGNIN_MAX_FAILURES_PER_CLIENT: positiveInt.max(10_000).default(30),
  CONSOLE_SIGNIN_WINDOW_SECONDS: positiveInt.max(86_400).default(900),
  /** A console session ends after this many minutes without a request, and at the latest after CONSOLE_SESSION_MAX_HOURS. */
  CONSOLE_SESSION_IDLE_MINUTES: positiveInt.max(24 * 60).default(30),
  CONSOLE_SESSION_MAX_HOURS: positiveInt.max(24 * 7).default(12),
  /**
   * Worker processes of `npm start`: one per core on PostgreSQL (or in front of an upstream), one on
   * PGlite. server.mjs decides before Next loads (lib/edge/workers.mjs); checked here too, with the
   * same words, so that the admin command line and the configuration's tests see a wrong value.
   */
  WEB_CONCURRENCY: z.string().optional(),
  /** How long a stop (SIGTERM) lets the requests in flight finish before it cuts them off (server.mjs). */
  SHUTDOWN_TIMEOUT_MS: z
    .string()
    .optional()
    .superRefine((text, ctx) => {
      const problem = shutdownTimeoutProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** Reverse proxies in front of the app that append to X-Forwarded-For; the client is that many entries from the end, 0 = the socket's peer (decided in server.mjs). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Tracing: OpenTelemetry's OTEL_* variables, off unless an OTLP endpoint is set (lib/config/tracing.ts). */
  ...tracingFields,
  /** The port of `npm start` (server.mjs reads it, or -p, and sets it here): METRICS_PORT must be another. */
  PORT: z.string().regex(/^\d+$/, 'must be an integer from 0 to 65535').transform(Number).refine((port) => port <= 65535, 'must be an integer from 0 to 65535').optional(),
  /** Metrics in Prometheus' text format on a port of their own, off unless set (lib/metrics/settings.mjs, which server.mjs reads them with). */
  METRICS_PORT: checked(metricsPortProblem).transform(Number).optional(),
  /** The address the metrics port listens on; loopback by default. */
  METRICS_HOST: checked(metricsHostProblem).optional(),
  /** The bearer token every scrape must send, when set. */
  METRICS_TOKEN: checked(metricsTokenProblem).optional(),
});

/** A text the given check finds no problem with. */
function checked(problemOf: (text: string) => string | undefined) {
  return z.string().superRefine((text, ctx) => {
    const problem = problemOf(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** The settings with the rules between them, and PUBLIC_URL's default, which follows BASE_PATH. */
export const envSchema = envFields.superRefine((env, ctx) => {
  const smtp = smtpPlainProblem(env);
  if (smtp) ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: smtp });
  const publicUrl = publicUrlProblem(env.PUBLIC_URL, env.BASE_PATH);
  if (publicUrl) ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: publicUrl });
  const metrics = metricsProblem(env);
  if (metrics) ctx.addIssue({ code: 'custom', path: [metrics.variable], message: metrics.problem });
  const workers = webConcurrencyProblem({ WEB_CONCURRENCY: env.WEB_CONCURRENCY, DATABASE_URL: env.DATABASE_URL, UPSTREAM_API_URL: env.UPSTREAM_API_URL });
  if (workers) ctx.addIssue({ code: 'custom', path: ['WEB_CONCURRENCY'], message: workers });
}).transform(({ PUBLIC_URL, ...env }) => ({ ...env, PUBLIC_URL: PUBLIC_URL ?? `http://localhost:3000${env.BASE_PATH}` }));

/**
 * Every link the app hands out (deep links, mails) starts with PUBLIC_URL, so its path must be the
 * base path: a link that misses it, or names one the app does not serve, would lead to a 404.
 */
export function publicUrlProblem(publicUrl: string | undefined, basePath: string): string | undefined {
  if (publicUrl === undefined || !URL.canParse(publicUrl)) return undefined;
  const path = new URL(publicUrl).pathname.replace(/\/+$/, '');
  if (path === basePath) return undefined;
  return basePath
    ? `its path must be the base path ${basePath} (BASE_PATH), e.g. https://example.org${basePath}; it is '${path || '/'}'`
    : `it has the path '${path}' but BASE_PATH is not set: build and start with BASE_PATH=${path}, or give PUBLIC_URL without a path`;
}

/**
 * The rules between the metrics settings (one without METRICS_PORT, the app's own port), as
 * server.mjs applies them (lib/metrics/settings.mjs). A value wrong in itself is its field's issue.
 */
function metricsProblem(env: { PORT?: unknown; METRICS_PORT?: unknown; METRICS_HOST?: string; METRICS_TOKEN?: string }): { variable: string; problem: string } | undefined {
  const text = (value: unknown) => (value === undefined ? undefined : String(value));
  const port = text(env.METRICS_PORT);
  const appPort = typeof env.PORT === 'number' ? env.PORT : 3000;
  if ((port !== undefined && metricsPortProblem(port)) || (env.METRICS_HOST !== undefined && metricsHostProblem(env.METRICS_HOST)) || (env.METRICS_TOKEN !== undefined && metricsTokenProblem(env.METRICS_TOKEN))) return undefined;
  try {
    metricsSettings({ METRICS_PORT: port, METRICS_HOST: env.METRICS_HOST, METRICS_TOKEN: env.METRICS_TOKEN }, appPort);
    return undefined;
  } catch (error) {
    const { variable, problem } = error as MetricsSettingsError;
    return { variable, problem };
  }
}

export type EnvInput = z.input<typeof envSchema>;
export type Env = z.output<typeof envSchema>;

/** Names the offending variables so an operator can fix the start without reading code. */
export function describeEnvErrors(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${String(issue.path[0] ?? '(environment)')}: ${issue.message}`)
    .join('; ');
}

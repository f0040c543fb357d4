import { getConfig, type AppConfig } from '@/lib/config';
import type { Env } from '@/lib/config/schema';
import type { PrivacyTexts } from '@/lib/content/privacy';
import { PRIVACY_FILE, readPrivacyFile } from '@/lib/content/privacyFile';
import { deriveKey } from '@/lib/crypto/hmac';
import { logEvent } from '@/lib/log/logger';
import { announceHeaderFooterChange, HEADER_FOOTER_CHANNEL } from '@/lib/signals/headerFooter';
import { listenPostgres } from '@/lib/sql/listen';
import { openDatabase, reopenDatabase, type Database } from './db/database';
import { describeHolder } from './db/folderLock';
import { migrate } from './db/migrations';
import { removeDemo } from './demo/remove';
import { seedDemoIfEmpty } from './demo/seed';
import { upgradeUnversionedAssessments } from './questionnaires/import';
import type { EmbeddedSettings } from './context';
import { keyStrengtheningOf } from './keyStrengthening';
import { confirmationsSettled } from './portal/confirmation';
import { startConfirmationRetries } from './portal/confirmationRetries';
import { startDailyPurge } from './privacy/dailyPurge';
import { retentionSettings } from './privacy/retention';
import { createRequestHandler } from './server';
import { startAdminChannel, type AdminChannel } from '@/lib/admin/channel/server';
import { runCommandsOn } from '@/lib/admin/database';
import { runAdmin } from '@/lib/admin/main';

export type EmbeddedApi = {
  handle: (request: Request) => Promise<Response>;
  db: Database;
  /** An orderly stop: no more retries of confirmation mails or purges, the mails under way finished, the database closed. */
  close(): Promise<void>;
};

/**
 * The guessing limits as the environment sets them: the embedded API's settings, and what tests and
 * measurements take when they run at the limits a start has (envSchema.parse({})).
 */
export function guessingSettings(env: Env): EmbeddedSettings['guessing'] {
  return {
    maxPerAssessment: env.ACCESS_CODE_MAX_FAILURES_PER_ASSESSMENT,
    maxPerClient: env.ACCESS_CODE_MAX_FAILURES_PER_CLIENT,
    windowSeconds: env.ACCESS_CODE_FAILURE_WINDOW_SECONDS,
    lockSeconds: env.ACCESS_CODE_LOCK_SECONDS,
    checkBurst: env.ACCESS_CODE_CHECK_BURST,
    checkIntervalSeconds: env.ACCESS_CODE_CHECK_INTERVAL_SECONDS,
    maxWaitSeconds: env.ACCESS_CODE_MAX_WAIT_SECONDS,
  };
}

export function identCodeGuessingSettings(env: Env): EmbeddedSettings['identCodeGuessing'] {
  return {
    maxPerClient: env.IDENT_CODE_MAX_FAILURES_PER_CLIENT,
    windowSeconds: env.IDENT_CODE_FAILURE_WINDOW_SECONDS,
    lockSeconds: env.IDENT_CODE_LOCK_SECONDS,
  };
}

export function groupCodeGuessingSettings(env: Env): EmbeddedSettings['groupCodeGuessing'] {
  return {
    maxFailuresPerClient: env.GROUP_CODE_MAX_FAILURES_PER_CLIENT,
    failureWindowSeconds: env.GROUP_CODE_FAILURE_WINDOW_SECONDS,
    lockSeconds: env.GROUP_CODE_LOCK_SECONDS,
    maxLoginsPerClient: env.GROUP_CODE_MAX_LOGINS_PER_CLIENT,
    loginWindowSeconds: env.GROUP_CODE_LOGIN_WINDOW_SECONDS,
  };
}

export function embeddedSettings(config: AppConfig): EmbeddedSettings {
  return {
    tokenSecret: deriveKey(config.sessionSecret, 'embedded-api').toString('base64url'),
    tokenTtlSeconds: config.TOKEN_TTL_SECONDS,
    clientCryptoKey: config.CLIENT_CRYPTO_KEY,
    clientCryptoIv: config.CLIENT_CRYPTO_IV,
    guessing: guessingSettings(config),
    identCodeGuessing: identCodeGuessingSettings(config),
    groupCodeGuessing: groupCodeGuessingSettings(config),
    mail: {
      ...(config.SMTP_URL && { smtpUrl: config.SMTP_URL }),
      timeoutMs: config.SMTP_TIMEOUT_MS,
      from: config.MAIL_FROM,
      maxPerParticipantPerHour: config.MAIL_MAX_PER_PARTICIPANT_PER_HOUR,
      maxPerRecipientPerHour: config.MAIL_MAX_PER_RECIPIENT_PER_HOUR,
      maxPerClientPerHour: config.MAIL_MAX_PER_CLIENT_PER_HOUR,
    },
    publicUrl: config.PUBLIC_URL,
    portal: { paypal: config.paypal, maxInvoicesPerClientPerHour: config.PORTAL_MAX_INVOICES_PER_CLIENT_PER_HOUR },
    keyChanges: { maxPerParticipantPerHour: config.PERSONAL_KEY_MAX_CHANGES_PER_PARTICIPANT_PER_HOUR },
  };
}

/**
 * Opens the database, applies migrations, gives assessments from before questionnaire versions
 * their version and, in demo mode, creates the demo data (outside it, removes any); then resumes the work a stop
 * may have cut off (strong key layers, confirmation mails) and starts the daily purge. On PGlite the start waits up to
 * DEFAULT_WAIT_MS while an admin command holds the folder, and fails at once, saying who, when
 * another app does.
 */
export async function startEmbeddedApi(config: AppConfig): Promise<EmbeddedApi> {
  // Before the database: a wrong privacy file stops the start at once, as a wrong setting does.
  const privacy = await operatorPrivacyTexts();
  let db = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    lock: { role: 'app', onWait: (holder) => logEvent('warn', 'data_dir_busy_waiting', { holder: describeHolder(holder) }) },
  });
  await migrate(db);
  await upgradeUnversionedAssessments(db);
  if (config.DEMO_MODE) {
    // PGlite's WebAssembly memory grows with the demo's thousands of rows and never shrinks: the
    // first start kept ~90 MB more than every later one (npm run bench:classroom -- --first-start).
    // A new instance on the same folder, under the same lock, starts small.
    if ((await seedDemoIfEmpty(db)) && db.kind === 'pglite') {
      db = await reopenDatabase(db);
      logEvent('info', 'database_reopened', { reason: 'the demo data was written; a new PGlite instance gives back the memory that took' });
    }
  } else {
    // Outside demo mode no public demo code may open anything, even one an earlier demo start left.
    const removed = await removeDemo(db);
    if (Object.values(removed).some((n) => n > 0)) logEvent('warn', 'demo_data_removed', { ...removed, reason: 'DEMO_MODE is not on' });
  }
  const keys = keyStrengtheningOf(db);
  // Keys that a stop interrupted before their strong layer (keyStrengthening.ts).
  void keys.strengthenWaiting();
  const settings = { ...embeddedSettings(config), ...(privacy && { privacy }) };
  // Confirmation mails that failed, or that a stop cut off, now and then every minute.
  const retries = startConfirmationRetries(db, settings.mail);
  // What the retention rules no longer keep, some minutes after the start and then daily (docs/privacy.md#retention).
  const purges = startDailyPurge(db, retentionSettings(config));
  // On PGlite the app holds the folder: admin commands come to it over its socket (lib/admin/channel).
  const channel = config.DATABASE_URL ? undefined : await startCommandChannel(db, config);
  // A branding change made by another process (a worker, an instance, the command line) reaches this
  // one's copies of the header and footer; on PGlite every change is made in this process.
  const listening = config.DATABASE_URL ? listenPostgres(config.DATABASE_URL, HEADER_FOOTER_CHANNEL, announceHeaderFooterChange) : undefined;
  return {
    handle: createRequestHandler(db, settings),
    db,
    close: async () => {
      await listening?.stop();
      await channel?.stop();
      await retries.stop();
      await purges.stop();
      await confirmationsSettled(db);
      await db.close();
    },
  };
}

/**
 * The operator's default privacy texts (content/privacy.json): none without the file, every problem
 * of a wrong one named by its JSON path. Participants must not be shown a text the operator did not
 * write, so a wrong file stops the start instead of falling back to the built-in text.
 */
export async function operatorPrivacyTexts(file?: string): Promise<PrivacyTexts | undefined> {
  const read = await readPrivacyFile(file);
  if (!read.ok) throw new Error(`${file ?? PRIVACY_FILE} is not valid:\n${read.problems.map((problem) => `  ${problem}`).join('\n')}`);
  return read.texts;
}

const GLOBAL_KEY = Symbol.for('assessment-web.embedded-api');
type Holder = { [GLOBAL_KEY]?: Promise<EmbeddedApi> };

/**
 * One instance per process. Next bundles route handlers and pages separately, so a module-level
 * variable could exist twice; two PGlite instances on one folder would corrupt it.
 */
export function embeddedApi(): Promise<EmbeddedApi> {
  const holder = globalThis as Holder;
  if (!holder[GLOBAL_KEY]) {
    holder[GLOBAL_KEY] = startEmbeddedApi(getConfig()).catch((error: unknown) => {
      delete holder[GLOBAL_KEY];
      throw error;
    });
  }
  return holder[GLOBAL_KEY];
}

/**
 * The admin channel (issue 30): `npm run admin -- <command>` while the app runs hands the command
 * here, and it runs on the database the app holds. Its output goes back to the operator's terminal.
 */
async function startCommandChannel(db: Database, config: AppConfig): Promise<AdminChannel | undefined> {
  runCommandsOn({ db, config });
  try {
    // The commands see the app's own environment, as a local run sees the operator's shell's.
    // eslint-disable-next-line no-restricted-properties -- the environment the configuration was read from
    const channel = await startAdminChannel(config.dataDir, process.env, runAdmin);
    if (!channel) logEvent('warn', 'admin_channel_not_started', { reason: 'the data folder path is too long for a Unix socket, or another app answers on its socket' });
    return channel;
  } catch (error) {
    logEvent('warn', 'admin_channel_not_started', { reason: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

import type { Env } from '@/lib/config/schema';
import { KEEP_SECONDS } from '../guessing';

/**
 * How long the app keeps what it keeps (issue 29, point 2; docs/privacy.md#retention): the periods
 * the purge (purge.ts) applies, from the PRIVACY_* settings of lib/config/schema.ts.
 */
export type RetentionSettings = {
  /** Finished assessments' personal data, answers kept anonymous; 0: never. */
  finishedDays: number;
  /** Unfinished assessments after their last activity, erased with their person. */
  unfinishedDays: number;
  /** Group participants who never answered, after their login. */
  neverStartedDays: number;
  outboxDays: number;
  draftDays: number;
  /** Invoice data, counted from the end of their calendar year (§147 AO). */
  invoiceYears: number;
  /**
   * How long each guessing and counting table keeps its rows: two days (guessing.ts), or the
   * window or lock of its limit when an operator set one longer, so that the purge never changes
   * what a limit counts.
   */
  keepSeconds: Record<GuessingTable, number>;
};

export const GUESSING_TABLES = ['access_code_failure', 'ident_code_lookup', 'group_code_failure', 'group_code_login', 'mail_sent', 'key_check_turn', 'key_change', 'operator_signin_failure'] as const;
export type GuessingTable = (typeof GUESSING_TABLES)[number];

/** The rules in the order the purge applies them, as counts, the audit and the log name them. */
export const PURGE_RULES = ['neverStarted', 'unfinished', 'finished', 'drafts', 'outbox', 'guessing', 'revokedTokens', 'invoices', 'demoOrders'] as const;
export type PurgeRule = (typeof PURGE_RULES)[number];

/** Demo orders of the PayPal stand-in last a day (lib/paypal-demo/orderStore.ts, DEMO_ORDER_LIFETIME_MS). */
export const DEMO_ORDER_KEEP_SECONDS = 24 * 3600;

export function retentionSettings(env: Env): RetentionSettings {
  const keep = (...seconds: number[]) => Math.max(KEEP_SECONDS, ...seconds);
  return {
    finishedDays: env.PRIVACY_FINISHED_DAYS,
    unfinishedDays: env.PRIVACY_UNFINISHED_DAYS,
    neverStartedDays: env.PRIVACY_NEVER_STARTED_DAYS,
    outboxDays: env.PRIVACY_OUTBOX_DAYS,
    draftDays: env.PRIVACY_DRAFT_DAYS,
    invoiceYears: env.PRIVACY_INVOICE_YEARS,
    keepSeconds: {
      access_code_failure: keep(env.ACCESS_CODE_FAILURE_WINDOW_SECONDS, env.ACCESS_CODE_LOCK_SECONDS),
      ident_code_lookup: keep(env.IDENT_CODE_FAILURE_WINDOW_SECONDS, env.IDENT_CODE_LOCK_SECONDS),
      group_code_failure: keep(env.GROUP_CODE_FAILURE_WINDOW_SECONDS, env.GROUP_CODE_LOCK_SECONDS),
      group_code_login: keep(env.GROUP_CODE_LOGIN_WINDOW_SECONDS),
      // An hour's window each (mail/limits.ts, keyChangeLimit.ts); key_check_turn counts from its end.
      mail_sent: keep(),
      key_check_turn: keep(),
      key_change: keep(),
      operator_signin_failure: keep(env.CONSOLE_SIGNIN_WINDOW_SECONDS),
    },
  };
}

/** What a rule keeps, in an operator's words (the command's output, docs/privacy.md). */
export function describeRule(rule: PurgeRule, settings: RetentionSettings): string {
  switch (rule) {
    case 'neverStarted':
      return `group participants who never answered, ${settings.neverStartedDays} days after their login (PRIVACY_NEVER_STARTED_DAYS)`;
    case 'unfinished':
      return `unfinished assessments, ${settings.unfinishedDays} days after their last activity (PRIVACY_UNFINISHED_DAYS)`;
    case 'finished':
      return settings.finishedDays > 0
        ? `finished assessments' personal data, ${settings.finishedDays} days after finishing, answers kept anonymous (PRIVACY_FINISHED_DAYS)`
        : `finished assessments: kept (PRIVACY_FINISHED_DAYS is off)`;
    case 'drafts':
      return `drafts not touched for ${settings.draftDays} days (PRIVACY_DRAFT_DAYS)`;
    case 'outbox':
      return `mails in the outbox, ${settings.outboxDays} days after they were written (PRIVACY_OUTBOX_DAYS)`;
    case 'guessing':
      return `rows of the guessing and counting limits, and invoices' client addresses, ${KEEP_SECONDS / 86_400} days after they counted (or their limit's longer window or lock)`;
    case 'revokedTokens':
      return 'revoked tokens that have expired';
    case 'invoices':
      return `invoice data of the portal, ${settings.invoiceYears} years after the end of their calendar year (PRIVACY_INVOICE_YEARS)`;
    case 'demoOrders':
      return 'orders of the demo PayPal stand-in, a day after they were created';
  }
}

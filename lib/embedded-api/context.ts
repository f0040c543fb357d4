import type { KeyStrengthening } from './keyStrengthening';
import type { Language } from '@/lib/api/languages';
import { DEFAULT_LANGUAGE, isLanguage } from '@/lib/api/languages';
import type { Database } from './db/database';
import type { PaypalConfig } from '@/lib/config/paypal';
import type { PrivacyTexts } from '@/lib/content/privacy';
import type { ParticipantRead } from './authority';

export type EmbeddedSettings = {
  tokenSecret: string;
  tokenTtlSeconds: number;
  clientCryptoKey: string;
  clientCryptoIv: string;
  /**
   * Server-side limits on guessing access codes; counted in the database, so they hold across
   * restarts and instances. maxPerAssessment counts per assessment and client address, maxPerClient
   * the assessments one address failed on; the key checks of one assessment are paced across all
   * addresses (checkBurst back to back, then one per checkIntervalSeconds, an attempt waiting at
   * most maxWaitSeconds for its turn).
   */
  guessing: {
    maxPerAssessment: number;
    maxPerClient: number;
    windowSeconds: number;
    lockSeconds: number;
    checkBurst: number;
    checkIntervalSeconds: number;
    maxWaitSeconds: number;
  };
  /** The same for unknown ident codes, per client address (they are not secret, but must not be enumerable). */
  identCodeGuessing: { maxPerClient: number; windowSeconds: number; lockSeconds: number };
  /**
   * Group codes: unknown codes per client address (maxFailuresPerClient within failureWindowSeconds,
   * then lockSeconds refused), and new participants per group code per client address
   * (maxLoginsPerClient within loginWindowSeconds).
   */
  groupCodeGuessing: { maxFailuresPerClient: number; failureWindowSeconds: number; lockSeconds: number; maxLoginsPerClient: number; loginWindowSeconds: number };
  /** Where mail goes (mail/send.ts) and how much of it one participant or address may cause. */
  mail: MailSettings;
  /** The address participants open (PUBLIC_URL): links in mails point there. */
  publicUrl: string;
  /** The portal: how payments are verified, and how many invoices one address may start. */
  portal: PortalSettings;
  /** Personal keys one participant may set within an hour (keyChangeLimit.ts). */
  keyChanges: { maxPerParticipantPerHour: number };
  /**
   * The operator's default privacy text and retention notice (content/privacy.json, read at start);
   * absent, or a field left out: the built-in privacy text and no retention notice (privacy/texts.ts).
   */
  privacy?: PrivacyTexts;
};

export type PortalSettings = {
  /** lib/config/paypal.ts; apiBase undefined: the app's own demo stand-in over loopback. */
  paypal: PaypalConfig;
  maxInvoicesPerClientPerHour: number;
};

export type MailSettings = {
  /** SMTP server; undefined: mails go into the outbox table. */
  smtpUrl?: string;
  /** Connection, greeting and reply timeout in milliseconds. */
  timeoutMs: number;
  from: string;
  /** Anti-spam limits per hour, counted in the database (mail/limits.ts). */
  maxPerParticipantPerHour: number;
  /** Mails to one recipient address, whatever flow and requester (a portal's confirmation included). */
  maxPerRecipientPerHour: number;
  maxPerClientPerHour: number;
};

export type ApiContext = {
  db: Database;
  settings: EmbeddedSettings;
  /** The participant's address as the front end reports it (X-Forwarded-For). */
  clientAddress: string;
  now: number;
  /** Where a new personal key's quick hash gets its strong layer, off the request's path. */
  keys: KeyStrengthening;
  /**
   * A call's reads of its token's participant, by token (authority.ts), for the calls that write
   * nothing (server.ts, readsOnly): their first read stays true to the end, and the rules they compose
   * (the page, the manual's access code, the renewal) each ask for the same row. A call that writes
   * reads anew every time.
   */
  participantReads?: Map<string, Promise<ParticipantRead>>;
};

/** An answer in the upstream's shape; HTTP status is 200 whenever the call itself was understood. */
export type ApiAnswer = Record<string, unknown> & { statusCode: number; detailCode?: number };

export function languageOf(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

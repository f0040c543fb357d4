import fs from 'node:fs';
import path from 'node:path';
import { bundledQuestionnaireFolder } from '@/lib/content/files';
import { parseQuestionnaireText } from '@/lib/content/parse';
import type { EmbeddedSettings } from './context';
import type { Database } from './db/database';
import { migrate } from './db/migrations';
import { openTestDatabase } from './db/testDatabase';
import { seedDemoIfEmpty } from './demo/seed';
import { toDefinition, type QuestionnaireDefinition } from './questionnaires/definitions';
import { importBundledQuestionnaires } from './questionnaires/import';
import { createRequestHandler } from './server';

/**
 * The embedded API on a test database (an in-memory PGlite, or a fresh database on the PostgreSQL
 * server TEST_DATABASE_URL names: see db/testDatabase.ts), as the integration tests and the
 * measurement scripts drive it: one place for their settings and their way of sending a call, so
 * that a new setting or header is added once.
 */
export type Handle = (request: Request) => Promise<Response>;
export type Answer = Record<string, unknown> & { statusCode: number; detailCode: number; token?: string };

/** The built-in client crypto of lib/config/schema.ts, which the demo codes are encrypted with. */
export const TEST_CRYPTO = { key: 'Kx7#pQ2!vR9$mW4z', iv: 'iV3@bN8&cT5*hJ1q' } as const;

type Limits = {
  guessing?: Partial<EmbeddedSettings['guessing']>;
  identCodeGuessing?: Partial<EmbeddedSettings['identCodeGuessing']>;
  groupCodeGuessing?: Partial<EmbeddedSettings['groupCodeGuessing']>;
  mail?: Partial<EmbeddedSettings['mail']>;
  portal?: Partial<EmbeddedSettings['portal']>;
  keyChanges?: Partial<EmbeddedSettings['keyChanges']>;
};

/** The portal in demo mode (no PayPal asked unless a test points paypal.apiBase at a stand-in), generous limits. */
export function testPortalSettings(portal: Partial<EmbeddedSettings['portal']> = {}): EmbeddedSettings['portal'] {
  return {
    paypal: { mode: 'demo', clientId: 'demo-client', clientSecret: 'demo-secret', timeoutMs: 2000 },
    maxInvoicesPerClientPerHour: 100_000,
    ...portal,
  };
}

/** Mail into the outbox (no SMTP server) with generous limits, unless a test says otherwise. */
export function testMailSettings(mail: Partial<EmbeddedSettings['mail']> = {}): EmbeddedSettings['mail'] {
  return { timeoutMs: 2000, from: 'Assessment Online <no-reply@assessment-online.example>', maxPerParticipantPerHour: 1000, maxPerRecipientPerHour: 100_000, maxPerClientPerHour: 100_000, ...mail };
}

export const TEST_PUBLIC_URL = 'https://assess.example';

/** An invoice form for the demo portal PTDEMO01/1 at its price, as a buyer sends it (submit/portal/invoiceinfo). */
export const DEMO_INVOICE = {
  groupCodeIdent: 'PTDEMO01',
  portalId: 1,
  isDataPrivacyChecked: true,
  invoiceIsPrivate: true,
  invoiceName: 'Erika Muster',
  invoiceStreet: 'Hauptstraße 1',
  invoiceCity: '10115 Berlin',
  invoiceEmail: 'erika@example.org',
  invoiceProductText: 'Kompetenzanalyse Online',
  invoiceProductPrice: 345.67,
};

/** Settings with generous limits unless a test lowers one; each file passes its own secret. */
export function testSettings(tokenSecret: string, limits: Limits = {}): EmbeddedSettings {
  return {
    tokenSecret,
    tokenTtlSeconds: 3600,
    clientCryptoKey: TEST_CRYPTO.key,
    clientCryptoIv: TEST_CRYPTO.iv,
    // No pacing unless a test asks for it: suites check many codes of one demo assessment.
    guessing: {
      maxPerAssessment: 1000,
      maxPerClient: 100_000,
      windowSeconds: 3600,
      lockSeconds: 900,
      checkBurst: 100_000,
      checkIntervalSeconds: 2,
      maxWaitSeconds: 8,
      ...limits.guessing,
    },
    identCodeGuessing: { maxPerClient: 100_000, windowSeconds: 3600, lockSeconds: 900, ...limits.identCodeGuessing },
    groupCodeGuessing: {
      maxFailuresPerClient: 100_000,
      failureWindowSeconds: 3600,
      lockSeconds: 900,
      maxLoginsPerClient: 100_000,
      loginWindowSeconds: 3600,
      ...limits.groupCodeGuessing,
    },
    mail: testMailSettings(limits.mail),
    publicUrl: TEST_PUBLIC_URL,
    portal: testPortalSettings(limits.portal),
    keyChanges: { maxPerParticipantPerHour: 1000, ...limits.keyChanges },
  };
}

export type TestApi = { db: Database; handle: Handle; migrated: number[]; seeded: boolean };

/**
 * Opens an empty test database (in-memory PGlite, or a fresh PostgreSQL database with
 * TEST_DATABASE_URL), applies the migrations and, unless told not to, creates the demo data (which
 * imports the questionnaires that ship with the app, content/questionnaires). Without the demo,
 * `questionnaires: true` imports them alone.
 */
export async function startTestApi(settings: EmbeddedSettings, options: { demo?: boolean; questionnaires?: boolean } = {}): Promise<TestApi> {
  const db = await openTestDatabase();
  const migrated = await migrate(db);
  if (options.demo === false && options.questionnaires === true) {
    for (const result of await importBundledQuestionnaires(db)) {
      if (result.status === 'refused') throw new Error(`${result.file}: ${result.problems.join('; ')}`);
    }
  }
  const seeded = options.demo === false ? false : await seedDemoIfEmpty(db);
  return { db, handle: createRequestHandler(db, settings), migrated, seeded };
}

/**
 * Sends one call as the front end would: JSON body, the participant's address in X-Forwarded-For.
 * loadImage answers its image as text: that is its Ok, read here as statusCode 1 with the text.
 */
export async function sendTo(handle: Handle, path: string, body: unknown, client: string): Promise<{ httpStatus: number; answer: Answer }> {
  const response = await handle(
    new Request(`http://embedded.invalid/${path}`, { method: 'POST', headers: { 'x-forwarded-for': client }, body: JSON.stringify(body) }),
  );
  if (response.ok && response.headers.get('content-type')?.startsWith('text/plain')) {
    return { httpStatus: response.status, answer: { statusCode: 1, detailCode: 0, text: await response.text() } };
  }
  return { httpStatus: response.status, answer: (await response.json()) as Answer };
}

/** A questionnaire that ships with the app (content/questionnaires/<key>.json), as the embedded API serves it. */
export function bundledDefinition(key: string): QuestionnaireDefinition {
  const parsed = parseQuestionnaireText(fs.readFileSync(path.join(bundledQuestionnaireFolder(), `${key}.json`), 'utf8'));
  if (!parsed.ok) throw new Error(`${key}.json: ${parsed.problems.join('; ')}`);
  return toDefinition(parsed.questionnaire);
}

import fs from 'node:fs';
import path from 'node:path';
import { CALL_PATHS, type CallPath } from '@/lib/api/catalogue';
import { envFields, envSchema } from '@/lib/config/schema';
import { decodeClaims } from '@/lib/session/claims';
import { AUTHORITY_TABLE, renderAuthorityTable, TOKEN_STATES, unavailableRow, type AuthorityRow, type Situation, type TokenState } from './authorityTable';
import { encryptClientValue } from './clientCrypto';
import type { Database } from './db/database';
import { demoValue } from './demo/seed';
import { createMember, findGroupCode } from './groups/store';
import { hashKey } from './keys';
import { startOrdersStandin, type OrdersStandin } from './payments/ordersStandin';
import { confirmationsSettled } from './portal/confirmation';
import { ROUTES } from './router';
import { isTokenFailure, revokeToken, signToken, verifyToken } from './tokens';
import { bundledDefinition, sendTo, startTestApi, testSettings, type Handle } from './testApi';

/**
 * The table of SECURITY.md, played cell by cell against the embedded API on an in-memory PGlite:
 * for every call and every state of the token in hand, the answer's status and detail; for every
 * refusal, that nothing personal comes back and nothing in the database changes; and that nothing
 * personal reaches a holder who has not proved the access code or personal key.
 */
const settings = testSettings('a'.repeat(40));
const KEY = 'Geheim4711';
const GROUP_CODE = 'SECGROUP';
/** The requirements analysis's: its login row logs in with it, its fixtures are made of codes like it. */
const RA_GROUP_CODE = 'SECRAGRP';
const RA_QUESTIONNAIRES = [{ key: 'ra-requirements', questionnaireType: 1, selectable: true }];
/** The kodegroupcode group code its login row logs in with. */
const KGC_GROUP_CODE = 'SECKGC01';
const UNAVAILABLE = unavailableRow(CALL_PATHS.filter((p) => !ROUTES[p]));
const TABLE: AuthorityRow[] = [...AUTHORITY_TABLE, UNAVAILABLE];

let db: Database;
let handle: Handle;
let keyHash: string;
let serial = 0;
/** PayPal's Orders API for the portal's payment reports. */
let paypal: OrdersStandin;

beforeAll(async () => {
  paypal = await startOrdersStandin();
  settings.portal.paypal = { mode: 'sandbox', apiBase: paypal.url, clientId: paypal.clientId, clientSecret: paypal.clientSecret, timeoutMs: 5000 };
  ({ db, handle } = await startTestApi(settings, { demo: false, questionnaires: true }));
  keyHash = await hashKey(KEY);
  // The group code the group-login row logs in with: each cell starts a participant of its own.
  await db.query(`insert into group_code (code, variant, product, questionnaires) values ($1, 'kodew', 4, $2::jsonb)`, [
    GROUP_CODE,
    JSON.stringify([{ key: 'kodew-strengths', questionnaireType: 1, selectable: true }]),
  ]);
  await db.query(`insert into group_code (code, variant, product, questionnaires) values ($1, 'ra', 3, $2::jsonb)`, [RA_GROUP_CODE, JSON.stringify(RA_QUESTIONNAIRES)]);
  await db.query(`insert into group_code (code, variant, product, questionnaires) values ($1, 'kodegroupcode', 2, $2::jsonb)`, [
    KGC_GROUP_CODE,
    JSON.stringify([{ key: 'grid-10', questionnaireType: 1, selectable: true }]),
  ]);
  // The portal rows play the demo's portal (PTDEMO01/1 at 345.67 EUR).
  await db.query(`insert into portal (id, group_code_ident, product_text, price_cents) values (1, 'PTDEMO01', 'Kompetenzanalyse Online', 34567)`);
}, 60_000);

afterAll(async () => {
  await paypal?.close();
  await db?.close();
});

const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);

// A reported payment's confirmation goes out after the answer (portal/confirmation.ts); waiting for it
// keeps one call's mail out of the next call's before-and-after.
const call = async (callPath: string, body: unknown) => {
  const result = await sendTo(handle, callPath, body, '192.0.2.1');
  await confirmationsSettled(db);
  return result;
};

/**
 * One assessment of its own per cell, with personal data that must not leak. A group participant's
 * identCode is their personal access code (coming back is the ident-code flow).
 */
type Fixture = {
  assessmentId: number;
  assessorId: number;
  identCode: string;
  personal: string[];
  product: 1 | 2 | 3 | 4;
  memberId?: number;
  hasAccount: boolean;
  /** The questionnaire it answers, when it is not competency-24. */
  questionnaireKey?: string;
  /** A group participant who has not saved the personal-info page (consent before content). */
  personalInfoPending?: boolean;
  /** The group code's variant, for a group participant. */
  variant?: 'kodew' | 'ra' | 'kodegroupcode';
  /** A group participant with another questionnaire to choose once this one is finished (not logged out). */
  questionnairesLeft?: boolean;
  /** A portal buyer's transaction, the order PayPal says paid it, and a paid order of another transaction. */
  portal?: { transactionId: string; orderId: string; othersOrderId: string };
  /** The token that finished has retried once already ('used'), or retries after the minute ('late'). */
  retry?: 'used' | 'late';
  /** The group code the operator closes once the token is in hand. */
  closeGroupId?: number;
};

const GROUP_SITUATIONS: Situation[] = ['groupMember', 'groupMemberWithKey', 'groupMemberComplete', 'groupMemberUnsavedComplete', 'kgcMember', 'kgcMemberWithKey', 'groupMemberClosed'];
const RA_SITUATIONS: Situation[] = ['raMember', 'raMemberWithKey'];
/** Saved personal info means a key in kodew: keep is impossible without one. */
const SAVED_SITUATIONS: Situation[] = ['groupMemberWithKey', 'groupMemberComplete', 'raMemberWithKey', 'kgcMemberWithKey', 'groupMemberClosed'];
/** The kodegroupcode participants: a group code of that variant on the grid (product 2). */
const KGC_SITUATIONS: Situation[] = ['kgcMember', 'kgcMemberWithKey'];
const COMPLETE_SITUATIONS: Situation[] = ['complete', 'groupMemberComplete', 'groupMemberUnsavedComplete', 'completeRetried', 'completeRetryLate'];

/** A group code of its own per fixture (web variant, or kodegroupcode on the grid), with one Text and one List field. */
async function createGroupFixture(situation: Situation, n: string, personal: string[]): Promise<Fixture> {
  const code = `SECG${n}`;
  const kgc = KGC_SITUATIONS.includes(situation);
  await db.query(
    `insert into group_code (code, variant, product, fields, questionnaires) values ($1, $4, $5, $2::jsonb, $3::jsonb)`,
    [
      code,
      JSON.stringify([
        { id: 1, name: { de: 'Abteilung' }, fieldType: 'Text', sortNumber: 1, required: true },
        { id: 2, name: { de: 'Erfahrung' }, fieldType: 'List', allowedValues: ['0-2', '3-5'], sortNumber: 2, required: false },
      ]),
      JSON.stringify(
        kgc
          ? [{ key: 'grid-10', questionnaireType: 1, selectable: true }]
          : [
              { key: 'kodew-strengths', questionnaireType: 1, selectable: true },
              { key: 'kodew-motivation', questionnaireType: 2, selectable: true },
            ],
      ),
      kgc ? 'kodegroupcode' : 'kodew',
      kgc ? 2 : 4,
    ],
  );
  const group = (await findGroupCode(db, code))!;
  const member = await db.transaction((tx) => createMember(tx, group));
  const withKey = SAVED_SITUATIONS.includes(situation);
  if (withKey) {
    await db.query('update assessor set first_name = $2, last_name = $3, email = $4, key_hash = $5 where id = $1', [member.assessorId, personal[0], personal[1], personal[2], keyHash]);
    await db.query(`update group_member set field_values = $2::jsonb, personal_info_saved_at = now() where id = $1`, [member.memberId, JSON.stringify({ 1: personal[3] })]);
  }
  const fixture: Fixture = {
    assessmentId: member.assessmentId,
    assessorId: member.assessorId,
    identCode: member.accessCode,
    personal,
    product: kgc ? 2 : 4,
    memberId: member.memberId,
    hasAccount: withKey,
    personalInfoPending: !withKey,
    variant: kgc ? 'kodegroupcode' : 'kodew',
    questionnairesLeft: !kgc,
    ...(situation === 'groupMemberClosed' && { closeGroupId: group.id }),
  };
  if (COMPLETE_SITUATIONS.includes(situation)) await answerEverything(fixture);
  return fixture;
}

/** A requirements-analysis group code of its own per fixture; saved personal info is a name, an e-mail and a key. */
async function createRaFixture(situation: Situation, n: string, personal: string[]): Promise<Fixture> {
  const code = `SECR${n}`;
  await db.query(`insert into group_code (code, variant, product, questionnaires) values ($1, 'ra', 3, $2::jsonb)`, [code, JSON.stringify(RA_QUESTIONNAIRES)]);
  const member = await db.transaction(async (tx) => createMember(tx, (await findGroupCode(tx, code))!));
  const withKey = SAVED_SITUATIONS.includes(situation);
  if (withKey) {
    await db.query(`update assessor set last_name = $2, email = $3, key_hash = $4 where id = $1`, [member.assessorId, `${personal[0]} ${personal[1]}`, personal[2], keyHash]);
    await db.query('update group_member set personal_info_saved_at = now() where id = $1', [member.memberId]);
  }
  return {
    assessmentId: member.assessmentId,
    assessorId: member.assessorId,
    identCode: member.accessCode,
    personal,
    product: 3,
    memberId: member.memberId,
    hasAccount: withKey,
    personalInfoPending: !withKey,
    variant: 'ra',
    questionnaireKey: 'ra-requirements',
  };
}

/** The demo portal's invoice form as the page sends it. */
const INVOICE = {
  groupCodeIdent: 'PTDEMO01',
  portalId: '1',
  isDataPrivacyChecked: true,
  invoiceIsPrivate: true,
  invoiceName: 'Mallory Kaeufer',
  invoiceStreet: 'Hauptstrasse 1',
  invoiceCity: '10115 Berlin',
  invoiceEmail: 'mallory@example.com',
  invoiceProductText: 'Kompetenzanalyse Online',
  invoiceProductPrice: 345.67,
  uiLanguage: 'de-DE',
};

/** A transaction of the demo portal and an order PayPal says is COMPLETED for it at its price. */
async function paidTransaction(): Promise<{ transactionId: string; orderId: string }> {
  const { answer } = await call('submit/portal/invoiceinfo', INVOICE);
  const transactionId = answer.transactionId as string;
  return { transactionId, orderId: paypal.addOrder({ scenario: 'completed', transactionId, value: '345.67' }) };
}

async function createFixture(situation: Situation): Promise<Fixture> {
  if (situation === 'portalVisitor' || situation === 'portalBuyer') {
    // A participant's assessment too, so that every token state exists; the portal reads none of them.
    const fixture = await createFixture('running');
    if (situation === 'portalVisitor') return fixture;
    const own = await paidTransaction();
    const other = await paidTransaction();
    return { ...fixture, portal: { ...own, othersOrderId: other.orderId } };
  }
  serial += 1;
  const n = String(serial).padStart(4, '0');
  const personal = [`Fenja${n}`, `Verborgen${n}`, `fenja${n}@example.com`, `Kandidatin${n}`];
  if (GROUP_SITUATIONS.includes(situation)) return createGroupFixture(situation, n, personal);
  if (RA_SITUATIONS.includes(situation)) return createRaFixture(situation, n, personal);
  const mustRegister = situation === 'mustRegisterNoKey' || situation === 'mustRegisterWithKey';
  const [assessor] = await db.query<{ id: number }>(
    `insert into assessor (first_name, last_name, email, is_registered, must_register, key_hash) values ($1, $2, $3, $4, $5, $6) returning id`,
    // An operator may have stored the name of an assessor who must still register.
    [personal[0], personal[1], personal[2], !mustRegister, mustRegister, situation === 'mustRegisterNoKey' ? null : keyHash],
  );
  const identCode = `SEC${n}X`;
  // A slider assessment answers kodew-strengths (with images); the others competency-24, the column's default.
  const slider = situation === 'slider';
  const [assessment] = await db.query<{ id: number }>(
    `insert into assessment (ident_code, product, assessor_id, candidate_first_name, candidate_last_name, first_login_done, questionnaire_key, questionnaire_version)
     values ($1, $4, $2, 'Clara', $3, true, $5, (select max(version) from questionnaire where key = $5)) returning id`,
    [identCode, assessor!.id, personal[3], slider ? 4 : 1, slider ? 'kodew-strengths' : 'competency-24'],
  );
  const fixture: Fixture = {
    assessmentId: assessment!.id,
    assessorId: assessor!.id,
    identCode,
    personal,
    product: slider ? 4 : 1,
    hasAccount: true,
    ...(slider && { questionnaireKey: 'kodew-strengths' }),
    ...(situation === 'completeRetried' && { retry: 'used' as const }),
    ...(situation === 'completeRetryLate' && { retry: 'late' as const }),
  };
  if (COMPLETE_SITUATIONS.includes(situation)) await answerEverything(fixture);
  if (situation === 'pageSavedElsewhere') {
    await db.query("insert into page_revision (assessment_id, page_start, revision, last_save_id) values ($1, 1, 1, 'saved-elsewhere-1')", [fixture.assessmentId]);
  }
  if (situation === 'keyChangesUsedUp') {
    await db.query('insert into key_change (assessor_id, changed_at) select $1, now() from generate_series(1, $2::int)', [
      fixture.assessorId,
      settings.keyChanges.maxPerParticipantPerHour,
    ]);
  }
  return fixture;
}

/** Every question of the fixture's questionnaire validly answered: ranks 1–4, or the top of a rating scale. */
async function answerEverything(fixture: Fixture): Promise<void> {
  // The questionnaire the assessment really answers (a group participant's is a slider questionnaire).
  const [assessment] = await db.query<{ questionnaire_key: string }>('select questionnaire_key from assessment where id = $1', [fixture.assessmentId]);
  const definition = bundledDefinition(assessment!.questionnaire_key);
  const rows = definition.questions.flatMap((q, index) => q.answerInfos.map((a, i) => [q.id, a.id, demoValue(definition, index, i, q.answerInfos.length)] as const));
  await db.query(
    `insert into answer (assessment_id, question_id, answer_id, value) select $1, q, a, v from unnest($2::int[], $3::int[], $4::int[]) as t(q, a, v)`,
    [fixture.assessmentId, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
  );
}

/** A group participant without a key has no account yet: their token carries no assessorId (spec §6). */
const loggedInClaims = (fixture: Fixture) => ({
  product: fixture.product,
  isLoggedIn: true,
  ...(fixture.hasAccount && { assessorId: fixture.assessorId }),
  assessment: fixture.assessmentId,
});

/** A token in the given state for the fixture; 'finished' and 'finishedWith' finish the assessment. */
async function tokenIn(state: TokenState, fixture: Fixture): Promise<string | undefined> {
  switch (state) {
    case 'none':
      return undefined;
    case 'forged':
      return signToken(loggedInClaims(fixture), 'f'.repeat(40), 3600);
    case 'expired':
      return signToken(loggedInClaims(fixture), settings.tokenSecret, 60, Date.now() - 2 * 3600 * 1000);
    case 'revoked': {
      const token = signToken(loggedInClaims(fixture), settings.tokenSecret, 3600);
      expect((await call('pageinfo/error', { category: 'SignOut', token })).answer.detailCode).toBe(20);
      return token;
    }
    case 'signedOutCopy': {
      // Taken before a page-turn renewal; the renewed token signs out.
      const copy = signToken(loggedInClaims(fixture), settings.tokenSecret, 3600, Date.now() - 5000);
      const renewed = signToken(loggedInClaims(fixture), settings.tokenSecret, 3600);
      expect((await call('pageinfo/error', { category: 'SignOut', token: renewed })).answer.detailCode).toBe(20);
      return copy;
    }
    case 'pastValidUntil': {
      // A group participant's end is their group code's, an ident-code participant's their assessment's.
      const token = signToken(loggedInClaims(fixture), settings.tokenSecret, 3600);
      if (fixture.memberId !== undefined) {
        await db.query("update group_code set valid_until = now() - interval '1 day' where id = (select group_code_id from group_member where id = $1)", [fixture.memberId]);
      } else {
        await db.query("update assessment set valid_until = now() - interval '1 day' where id = $1", [fixture.assessmentId]);
      }
      return token;
    }
    case 'identCode': {
      const { answer } = await call('submit/kodekodex/identcode', { assessmentIdentCode: fixture.identCode });
      expect(decodeClaims(answer.token)).toEqual({ product: fixture.product, isLoggedIn: false });
      return answer.token;
    }
    case 'loggedIn':
      return signToken(loggedInClaims(fixture), settings.tokenSecret, 3600);
    case 'finished': {
      // Another browser's token, still genuine: the assessment was finished elsewhere.
      const token = signToken(loggedInClaims(fixture), settings.tokenSecret, 3600);
      await db.query('update assessment set finished_at = now() where id = $1', [fixture.assessmentId]);
      return token;
    }
    case 'finishedWith': {
      const token = signToken(loggedInClaims(fixture), settings.tokenSecret, 3600);
      if (fixture.personalInfoPending) {
        // Such a participant cannot finish (the rule under test refuses it): the state is made in the database.
        const payload = await verifyToken(token, settings.tokenSecret, db, Date.now());
        if (isTokenFailure(payload)) throw new Error('the fixture token does not verify');
        await db.query('update assessment set finished_at = now() where id = $1', [fixture.assessmentId]);
        await revokeToken(payload, db, 'finished');
        return token;
      }
      const [answered] = await db.query<{ n: number }>('select count(*)::int as n from answer where assessment_id = $1', [fixture.assessmentId]);
      if (answered!.n === 0) await answerEverything(fixture);
      // A kodew participant has another questionnaire to choose: not logged out (spec §4); the other group flows have one.
      expect((await call('submit/finishassessment', { token })).answer).toMatchObject({ statusCode: 1, logout: fixture.questionnairesLeft !== true });
      if (fixture.retry === 'used') expect((await call('submit/finishassessment', { token })).answer).toMatchObject({ statusCode: 1 });
      if (fixture.retry === 'late') {
        await db.query("update revoked_token set revoked_at = revoked_at - interval '61 seconds' where jti = $1", [claimsOf(token).jti]);
      }
      return token;
    }
  }
}

/** The payload of a token this file signed, revoked or not (verifyToken refuses a revoked one). */
function claimsOf(token: string): { jti: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { jti: string };
}

/** What each call is sent: the request that would read or change the most. */
function bodyFor(callPath: CallPath, token: string | undefined, fixture: Fixture, rowId: string): Record<string, unknown> {
  const withToken = token === undefined ? {} : { token };
  switch (callPath) {
    case 'pageinfo/portal/login':
      return { groupCodeIdent: rowId.endsWith('unknown portal') ? 'PTDEMO02' : 'PTDEMO01', portalId: '1', product: 5, uiLanguage: 'de-DE', ...withToken };
    case 'submit/portal/invoiceinfo':
      return { ...INVOICE, ...(rowId.endsWith('another price') && { invoiceProductPrice: 3.45 }), ...(rowId.endsWith('another identifier') && { groupCodeIdent: 'PTNOPRICE' }), ...withToken };
    case 'submit/portal/sucessfullyPaid': {
      // Without a transaction of its own, a visitor reports a paid order under an id that is none.
      const portal = fixture.portal ?? { transactionId: 'PT-nosuchtransaction0000', orderId: paypal.addOrder({ scenario: 'completed', transactionId: 'PT-nosuchtransaction0000', value: '345.67' }), othersOrderId: '' };
      const orderID = rowId.includes('another transaction') ? portal.othersOrderId : portal.orderId;
      return { transactionId: portal.transactionId, paymentDetails: { orderID, payerID: 'PAYERSTANDIN' }, uiLanguage: 'de-DE', ...withToken };
    }
    case 'pageinfo/error':
      return { category: 'SignOut', ...withToken };
    case 'pageinfo':
      // The finished page; a group participant's /kodewinfo reads their group's texts; an ra participant's manual their access code.
      if (rowId === 'finished page') return { category: 'finishedquestionnaire', uiLanguage: 'de-DE', ...withToken };
      return { uiLanguage: 'de-DE', ...(fixture.variant && { category: fixture.variant === 'ra' ? 'questionnairemanual' : 'kodewinfo' }), ...withToken };
    case 'submit/kodew/assessmentselection':
      // The second questionnaire of the fixture's group: the participant's assessment is re-targeted.
      return { selectedQuestionnaireId: 2, type: 2, ...withToken };
    case 'submit/kodekodex/identcode':
      return { assessmentIdentCode: fixture.identCode, ...withToken };
    case 'submit/kodekodex/login':
      return { passwordHash: encrypt(KEY), ...withToken };
    case 'submit/kodekodex/personalinfo':
      return { passwordEncrypted: encrypt(rowId.endsWith('5 characters') ? 'Kurz5' : 'Uebernahme1'), ...withToken };
    case 'submit/kodekodex/register':
      return { gender: 1, firstName: 'Mallory', lastName: 'Uebernahme', emailAddress: 'mallory@example.com', passwordEncrypted: encrypt('Uebernahme1'), uiLanguage: 'de-DE', ...withToken };
    case 'pageinfo/questionnaire': {
      const first = bundledDefinition('competency-24').questions.slice(0, 4);
      const answers = first.flatMap((q) => q.answerInfos.map((a, i) => ({ id: a.id, value: 4 - i })));
      const encoded = Buffer.from(JSON.stringify({ questionStartIndex: 1, answers })).toString('base64');
      // A draft, or a save on the revision the page had before it was saved elsewhere (0), each with an id of its own.
      const revision = rowId.endsWith('draft') ? { draft: true, baseRevision: 0, saveId: 'security-draft-1' } : rowId.endsWith('stale revision') ? { baseRevision: 0, saveId: 'security-stale-1' } : {};
      return { questionStartIndex: 5, questionsPerPage: 4, answers: encoded, ...revision, ...withToken };
    }
    case 'submit/finishassessment':
      return withToken;
    case 'submit/kodew/personalinfo':
    case 'submit/kodegroupcode/personalinfo':
      return {
        additionalFieldsWithValues: [
          { id: 1, value: 'Uebernahme' },
          { id: 2, value: '3-5' },
        ],
        password: encrypt('Uebernahme1'),
        uiLanguage: 'en-US',
        ...withToken,
      };
    case 'pageinfo/kodew/login':
      return { uiLanguage: 'de-DE', groupCodeIdent: GROUP_CODE, ...withToken };
    case 'submit/kodew/login':
      return { groupcode: encrypt(GROUP_CODE), uiLanguage: 'de-DE', ...withToken };
    case 'loadImage':
      return { category: bundledDefinition('kodew-strengths').questions[0]!.imageKey!, uiLanguage: 'de-DE', ...withToken };
    case 'pageinfo/ra/login':
      return { uiLanguage: 'de-DE', groupCodeIdent: RA_GROUP_CODE, ...withToken };
    case 'submit/ra/login':
      return { groupcode: encrypt(RA_GROUP_CODE), ...withToken };
    case 'submit/ra/personalinfo':
      return { name: 'Mallory Uebernahme', email: 'mallory@example.com', password: encrypt('Uebernahme1'), uiLanguage: 'en-US', ...withToken };
    case 'pageinfo/kodegroupcode/login':
      return { uiLanguage: 'de-DE', groupCodeIdent: KGC_GROUP_CODE, ...withToken };
    case 'submit/kodegroupcode/login':
      return { groupcode: KGC_GROUP_CODE, uiLanguage: 'de-DE', ...withToken };
    case 'submit/kodew/sendaccesscode':
    case 'submit/kodegroupcode/sendaccesscode':
      return { email: 'mallory@example.com', accessCode: fixture.identCode, uiLanguage: 'de-DE', ...withToken };
    default:
      return { uiLanguage: 'de-DE', ...withToken };
  }
}

/** Everything a call could change about the fixture's assessment and its assessor. */
async function snapshot(fixture: Fixture): Promise<string> {
  const parts = await Promise.all([
    db.query('select * from assessor where id = $1', [fixture.assessorId]),
    db.query('select * from assessment where id = $1', [fixture.assessmentId]),
    db.query('select answer_id, value from answer where assessment_id = $1 order by answer_id', [fixture.assessmentId]),
    db.query('select answer_id, value from answer_draft where assessment_id = $1 order by answer_id', [fixture.assessmentId]),
    db.query('select page_start, revision, last_save_id from page_revision where assessment_id = $1 order by page_start', [fixture.assessmentId]),
    db.query('select count(*)::int as n from access_code_failure where assessment_id = $1', [fixture.assessmentId]),
    db.query('select * from group_member where id = $1', [fixture.memberId ?? 0]),
    db.query('select id, questionnaire_key, finished_at from assessment where group_member_id = $1 order by id', [fixture.memberId ?? 0]),
    // Mails (the e-mail step): a refused call sends none. Counted as a whole, between one call's before and after.
    db.query('select count(*)::int as n from mail_outbox'),
    db.query('select count(*)::int as n from mail_sent'),
    // The portal: transactions and payments (a report PayPal did not confirm is kept for the operator, payment_report, and is no change).
    db.query('select count(*)::int as n from portal_transaction'),
    db.query('select count(*)::int as n, max(paypal_order_id) as last from payment'),
  ]);
  return JSON.stringify(parts);
}

const cases = TABLE.flatMap((row) => TOKEN_STATES.map((state) => [row.id, state, row] as const));

describe('SECURITY.md: call × token state', () => {
  it.each(cases)('%s with a token %s', async (_id, state, row) => {
    for (const callPath of row.calls) {
      const fixture = await createFixture(row.situation);
      const token = await tokenIn(state, fixture);
      if (fixture.closeGroupId !== undefined) await db.query('update group_code set closed_at = now() where id = $1', [fixture.closeGroupId]);
      const before = await snapshot(fixture);
      const { httpStatus, answer } = await call(callPath, bodyFor(callPath, token, fixture, row.id));
      const cell = row.cells[state];
      expect({ callPath, httpStatus, statusCode: answer.statusCode, detailCode: answer.detailCode }).toEqual({
        callPath,
        httpStatus: cell.httpStatus ?? 200,
        statusCode: cell.statusCode,
        detailCode: cell.detailCode,
      });
      const text = JSON.stringify(answer);
      // Nothing personal reaches a holder who has not proved the code (or just did, by this answer).
      const provedNow = answer.token !== undefined && decodeClaims(answer.token).isLoggedIn;
      if (state !== 'loggedIn' && !provedNow) for (const value of fixture.personal) expect(text).not.toContain(value);
      if (!cell.allowed) {
        expect(answer.token).toBeUndefined();
        expect(await snapshot(fixture)).toBe(before);
      }
      // Allowed, and still nothing written: the page of the answers as held, flagged.
      if (cell.allowed && row.id === 'questionnaire, stale revision') {
        expect(answer).toMatchObject({ conflict: true, currentPage: 1, revision: 1 });
        expect(await snapshot(fixture)).toBe(before);
      }
      if (cell.allowed && row.id === 'questionnaire, draft') expect(answer).toMatchObject({ currentPage: 1, revision: 1, hasDraft: true });
      // competency-24's retention notice, for the token that finished it alone.
      if (row.id === 'finished page') expect(text.includes('"RetentionNotice"')).toBe(state === 'finishedWith');
    }
  });
});

describe('the table covers the code and the document', () => {
  it('every handler of the router has a row, and every row a handler', () => {
    const inTable = new Set(AUTHORITY_TABLE.flatMap((row) => row.calls));
    expect([...inTable].sort()).toEqual((Object.keys(ROUTES) as CallPath[]).sort());
  });

  const document = fs.readFileSync(path.join(process.cwd(), 'SECURITY.md'), 'utf8');

  it('SECURITY.md shows exactly this table (rewrite it with `npx tsx lib/scripts/security-table.ts`)', () => {
    const between = /<!-- authority-table:start -->\n([\s\S]*?)\n<!-- authority-table:end -->/.exec(document);
    expect(between?.[1]).toBe(renderAuthorityTable(TABLE));
  });

  it('SECURITY.md lists every limit of lib/config/schema.ts with its default', () => {
    const defaults = envSchema.parse({}) as Record<string, unknown>;
    const listed = Object.fromEntries([...document.matchAll(/^\| `([A-Z_]+)` \| `([^`]*)` \|/gm)].map((m) => [m[1]!, m[2]!]));
    const limits = Object.keys(envFields.shape).filter((name) => /^(ACCESS_CODE|IDENT_CODE|GROUP_CODE|MAIL_MAX|PORTAL_MAX|PERSONAL_KEY_MAX)_/.test(name) || name === 'TOKEN_TTL_SECONDS');
    expect(Object.keys(listed).sort()).toEqual(limits.sort());
    for (const name of limits) expect(`${name}=${listed[name]}`).toBe(`${name}=${String(defaults[name])}`);
  });
});

import type { CallPath } from '@/lib/api/catalogue';
import { DetailCode, ExtraDetailCode, StatusCode } from '@/lib/api/codes';
import { encryptClientValue } from '@/lib/embedded-api/clientCrypto';
import type { Database } from '@/lib/embedded-api/db/database';
import { sendTo, startTestApi, testSettings, type Answer, type Handle } from '@/lib/embedded-api/testApi';
import { encodeAnswers } from '@/lib/flows/questionnaire';
import { countCall } from './calls';
import { startMetrics, stopMetrics, type Metrics } from './start.mjs';

/**
 * The outcomes the app counts from its calls, read from the embedded API's real answers: logins
 * of every flow (ok, wrong code, locked by the guessing limits, lowered here), page saves (saved,
 * conflict, invalid) and payment reports.
 */
const settings = testSettings('m'.repeat(40), { guessing: { maxPerAssessment: 2 }, identCodeGuessing: { maxPerClient: 2 }, groupCodeGuessing: { maxFailuresPerClient: 2 } });
const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);

let db: Database;
let handle: Handle;
let metrics: Metrics;

beforeAll(async () => {
  ({ db, handle } = await startTestApi(settings));
}, 60_000);
afterAll(async () => db?.close());
beforeEach(() => {
  metrics = startMetrics();
});
afterEach(() => stopMetrics());

/** Sends a call to the embedded API as the app would, counts it as sendCall does, and gives its answer. */
async function counted(path: CallPath, body: Record<string, unknown>, client = '198.51.100.7'): Promise<Answer> {
  const { answer } = await sendTo(handle, path, body, client);
  countCall(metrics, path, body, answer, false);
  return answer;
}

/** The counters that moved, as {"labels": value}. */
async function moved(name: string): Promise<Record<string, number>> {
  const metric = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === name) as { values: Array<{ labels: Record<string, string>; value: number }> };
  return Object.fromEntries(metric.values.filter((v) => v.value > 0).map((v) => [Object.values(v.labels).join(' '), v.value]));
}

describe('logins counted from the answers, by flow and outcome', () => {
  it('ident code: ok, wrong, then locked by the limit on unknown codes from one address', async () => {
    await counted('submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01' }, '198.51.100.1');
    await counted('submit/kodekodex/identcode', { assessmentIdentCode: 'P1NOPE001' }, '198.51.100.1');
    await counted('submit/kodekodex/identcode', { assessmentIdentCode: 'P1NOPE002' }, '198.51.100.1');
    await counted('submit/kodekodex/identcode', { assessmentIdentCode: 'P1NOPE003' }, '198.51.100.1');
    await counted('submit/kodekodex/identcode', { assessmentIdentCode: 'P1DONE001' }, '198.51.100.2');
    expect(await moved('assessment_logins_total')).toEqual({ 'ident_code ok': 1, 'ident_code wrong_code': 2, 'ident_code locked': 1, 'ident_code refused': 1 });
  });

  it('access code: wrong, locked after the limit (even with the right one), ok from another address', async () => {
    const { token } = await counted('submit/kodekodex/identcode', { assessmentIdentCode: 'P1FIRST01' }, '198.51.100.3');
    await counted('submit/kodekodex/login', { passwordHash: encrypt('WRONG1'), token }, '198.51.100.3');
    await counted('submit/kodekodex/login', { passwordHash: encrypt('WRONG2'), token }, '198.51.100.3');
    await counted('submit/kodekodex/login', { passwordHash: encrypt('FIRST4711'), token }, '198.51.100.3');
    await counted('submit/kodekodex/login', { passwordHash: encrypt('FIRST4711'), token }, '198.51.100.4');
    expect(await moved('assessment_logins_total')).toEqual({ 'ident_code ok': 1, 'access_code wrong_code': 2, 'access_code locked': 1, 'access_code ok': 1 });
  });

  it('group code: ok, wrong (unknown or malformed), locked after the limit, refused when closed', async () => {
    await counted('submit/kodew/login', { groupcode: encrypt('KWDEMO01') }, '198.51.100.5');
    await counted('submit/kodew/login', { groupcode: encrypt('x') }, '198.51.100.5');
    await counted('submit/kodew/login', { groupcode: encrypt('KWNOPE01') }, '198.51.100.5');
    await counted('submit/kodew/login', { groupcode: encrypt('KWNOPE02') }, '198.51.100.5');
    await counted('submit/kodew/login', { groupcode: encrypt('KWDEMO01') }, '198.51.100.5');
    await counted('submit/kodew/login', { groupcode: encrypt('KWDONE01') }, '198.51.100.6');
    expect(await moved('assessment_logins_total')).toEqual({ 'group_code ok': 1, 'group_code wrong_code': 3, 'group_code locked': 1, 'group_code refused': 1 });
  });

  it('a call without a usable answer is failed, whatever the flow', () => {
    countCall(metrics, 'submit/kodew/login', {}, { statusCode: StatusCode.Exception, detailCode: DetailCode.Exception }, true);
    countCall(metrics, 'submit/kodekodex/identcode', {}, { statusCode: StatusCode.Exception, detailCode: DetailCode.Exception }, false);
    return expect(moved('assessment_logins_total')).resolves.toEqual({ 'group_code failed': 1, 'ident_code failed': 1 });
  });
});

describe('page saves counted from the answers', () => {
  it('a page turn saved, a draft, a stale one in conflict, one with values the page does not take invalid; a page load is no save', async () => {
    const ident = await counted('submit/kodekodex/identcode', { assessmentIdentCode: 'P1RESUME1' }, '198.51.100.8');
    const { token } = await counted('submit/kodekodex/login', { passwordHash: encrypt('RESUME4711'), token: ident.token }, '198.51.100.8');
    const page = (await counted('pageinfo/questionnaire', { token, questionStartIndex: 1 })) as Answer & {
      questions: Array<{ answerInfos: Array<{ id: number }> }>;
      answervaluesConfig: { valueInfos: Array<{ value: number }> };
      revision: number;
      nextNavButtonQuestionStartIndex: number;
    };
    const values = page.answervaluesConfig.valueInfos.map((v) => v.value);
    const answers = page.questions.flatMap((q) => q.answerInfos.map((a, position) => ({ id: a.id, value: values[position % values.length]! })));
    const next = page.nextNavButtonQuestionStartIndex;
    const saved = await counted('pageinfo/questionnaire', { token, questionStartIndex: next, answers: encodeAnswers(1, answers), baseRevision: page.revision, saveId: 'save-0001' });
    expect(saved.statusCode).toBe(StatusCode.Ok);
    await counted('pageinfo/questionnaire', { token, questionStartIndex: 1, answers: encodeAnswers(1, answers), draft: true, baseRevision: page.revision + 1, saveId: 'draft-0001' });
    await counted('pageinfo/questionnaire', { token, questionStartIndex: next, answers: encodeAnswers(1, answers), baseRevision: page.revision, saveId: 'save-0002' });
    await counted('pageinfo/questionnaire', { token, questionStartIndex: next, answers: encodeAnswers(1, [{ id: answers[0]!.id, value: 9999 }]), saveId: 'save-0003' });
    expect(await moved('assessment_page_saves_total')).toEqual({ 'page saved': 1, 'draft saved': 1, 'page conflict': 1, 'page invalid': 1 });
  }, 30_000);

  it('a save refused for its token, or without a usable answer', () => {
    const answers = encodeAnswers(1, [{ id: 1, value: 1 }]);
    countCall(metrics, 'pageinfo/questionnaire', { answers }, { statusCode: StatusCode.TokenExpired, detailCode: 0 }, false);
    countCall(metrics, 'pageinfo/questionnaire', { answers, draft: true }, { statusCode: StatusCode.Exception, detailCode: DetailCode.Exception }, true);
    return expect(moved('assessment_page_saves_total')).resolves.toEqual({ 'page refused': 1, 'draft failed': 1 });
  });
});

describe('payment reports counted from the answers', () => {
  it('confirmed, not confirmed, PayPal not reachable, refused', async () => {
    await counted('submit/portal/sucessfullyPaid', { transactionId: 'no-such-transaction', paymentDetails: { orderID: 'ORDER1' } });
    const paid = 'submit/portal/sucessfullyPaid';
    countCall(metrics, paid, {}, { statusCode: StatusCode.Ok, detailCode: 0 }, false);
    countCall(metrics, paid, {}, { statusCode: StatusCode.PostDataIsInvalid, detailCode: ExtraDetailCode.PaymentNotConfirmed }, false);
    countCall(metrics, paid, {}, { statusCode: StatusCode.Exception, detailCode: ExtraDetailCode.PaymentProviderUnavailable }, false);
    expect(await moved('assessment_payments_total')).toEqual({ refused: 1, confirmed: 1, not_confirmed: 1, provider_unavailable: 1 });
  });

  it('other calls count nothing', async () => {
    await counted('pageinfo/headerfooter', {});
    await counted('submit/kodew/sendaccesscode', {});
    for (const name of ['assessment_payments_total', 'assessment_logins_total', 'assessment_page_saves_total']) expect(await moved(name)).toEqual({});
  });
});

import type { CreatedAssessment } from '@/lib/admin/assessments';
import { StatusCode } from '@/lib/api/codes';
import { encodeAnswers, questionsPerPage, unsetValue } from '@/lib/flows/questionnaire';
import { randomBytes } from 'node:crypto';
import type { createClient, FuzzRequest, FuzzResponse } from '../../fuzz/http';
import type { Random } from '../../fuzz/random';
import { cookieHeader, cookiesOf } from '../../fuzz/sessions';
import { encryptCode } from '../../support/api';

type Client = ReturnType<typeof createClient>;

export type AnswerValue = { id: number; value: number };

/** A page turn the server answered with 200 and statusCode 1, the page flagging nothing: the participant sees it as saved. */
export type AcknowledgedSave = { participant: number; identCode: string; questionStartIndex: number; values: AnswerValue[] };

/** What the run records; the participants only report to it. */
export type Recorder = {
  /** The first page came: how many pages the questionnaire has. */
  started(totalPages: number): void;
  acknowledged(save: AcknowledgedSave, latencyMs: number): void;
  /** A draft the server answered with 200 and statusCode 1 (the page shows it as kept). */
  draftAcknowledged(latencyMs: number): void;
  /**
   * After an outage, the participant loaded the page it had a draft on: kept says whether the page
   * came back with that draft's values (an acknowledged draft lost to the kill would not).
   */
  draftChecked(kept: boolean, identCode: string, questionStartIndex: number): void;
  /** A call that did not succeed: kind says how ("ECONNREFUSED", "HTTP 502", "statusCode 3"). */
  failed(call: string, kind: string): void;
  finished(identCode: string): void;
  /** The run is over: stop where you are. */
  over(): boolean;
};

type PageQuestion = { questionIndex: number; id: number; isInvalid?: boolean; answerInfos: Array<{ id: number; value?: number }> };
type QuestionnairePage = {
  questions: PageQuestion[];
  revision?: number | null;
  conflict?: boolean | null;
  nextNavButtonQuestionStartIndex: number | null;
  totalNumberOfPages: number;
};
/** transport: no answer came (no connection, reset, timeout), as while the server is down. */
type Outcome = { ok: true; answer: Record<string, unknown> } | { ok: false; kind: string; transport: boolean; sessionLost: boolean };

/** Answers (not transport failures) in a row after which a participant gives up a call. */
const MAX_REFUSALS = 20;

/** The 24 orders of ranks 1–4: each page's questions get their own, so values differ from page to page and participant to participant. */
const RANK_ORDERS: number[][] = (function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
})([1, 2, 3, 4]);

/** The ranks this participant gives on this page: a valid ranking of every question. */
export function ranksFor(participant: number, questions: PageQuestion[]): AnswerValue[] {
  return questions.flatMap((question) => {
    const order = RANK_ORDERS[(participant * 7 + question.questionIndex * 5) % RANK_ORDERS.length]!;
    return question.answerInfos.map((answer, i) => ({ id: answer.id, value: order[i % order.length]! }));
  });
}

/**
 * One participant, as the browser's calls make them: a page load for the session and XSRF cookies,
 * the ident code and access code through the proxy (/api/…), then page turns that save each page,
 * then the finish. Between calls they think. A call that fails is tried again after thinking; a
 * session that is gone (or never came) is signed in again first.
 */
export async function runParticipant(options: {
  client: Client;
  created: CreatedAssessment;
  index: number;
  random: Random;
  thinkMs: readonly [number, number];
  recorder: Recorder;
}): Promise<void> {
  const { client, created, index, random, thinkMs, recorder } = options;
  const jar = new Map<string, string>();
  let xsrf = '';
  let product = 0;
  const think = () => new Promise((resolve) => setTimeout(resolve, random.between(thinkMs[0], thinkMs[1])));

  async function send(request: FuzzRequest): Promise<Outcome> {
    const response: FuzzResponse = await client.send(request);
    cookiesOf(response, jar);
    // As the page's script does: the XSRF token is read from the cookie for every call (a login renews it).
    xsrf = decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
    if (typeof response.status !== 'number' || response.status === 0) {
      const failure = response.error?.startsWith('no answer') ? 'timeout' : (response.error ?? String(response.status)).split(' ')[0]!;
      const kind = response.reusedConnection ? `${failure} on a kept-alive connection` : failure;
      return { ok: false, kind, transport: true, sessionLost: false };
    }
    // The proxy's 403: no session, or an XSRF token that is not the session's.
    if (response.status !== 200) return { ok: false, kind: `HTTP ${response.status}`, transport: false, sessionLost: response.status === 403 };
    if (request.method === 'GET') return { ok: true, answer: {} };
    let answer: Record<string, unknown>;
    try {
      answer = JSON.parse(response.body) as Record<string, unknown>;
    } catch {
      return { ok: false, kind: 'not JSON', transport: false, sessionLost: false };
    }
    if (answer.statusCode === StatusCode.Ok) return { ok: true, answer };
    const lost = answer.statusCode === StatusCode.TokenInvalid || answer.statusCode === StatusCode.TokenExpired;
    return { ok: false, kind: `statusCode ${String(answer.statusCode)}`, transport: false, sessionLost: lost };
  }

  const post = (path: string, body: unknown) =>
    send({
      label: path,
      method: 'POST',
      path: `/api/${path}`,
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'x-xsrf-token': xsrf, cookie: cookieHeader(jar) },
      body: Buffer.from(JSON.stringify(body)),
    });

  /** A page load gives a new session and its XSRF cookie (proxy.ts), as a browser gets them. */
  async function pageLoad(): Promise<Outcome> {
    jar.clear();
    const outcome = await send({ label: 'page load', method: 'GET', path: '/support', headers: { accept: 'text/html' } });
    xsrf = decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
    return outcome.ok && !xsrf ? { ok: false, kind: 'no XSRF-TOKEN cookie', transport: false, sessionLost: false } : outcome;
  }

  /**
   * Repeats a call until it succeeds or the run is over; a lost session is signed in again first.
   * While the server is down the calls find no connection and are repeated for as long as it takes;
   * an answer that keeps refusing is given up after a few tries.
   */
  // Set when a call found no server: the next draft or save looks first whether the last draft is still there.
  let outage = false;

  async function persist(call: string, attempt: () => Promise<Outcome>): Promise<Record<string, unknown> | undefined> {
    for (let refused = 0; refused < MAX_REFUSALS; ) {
      if (recorder.over()) return undefined;
      const outcome = await attempt();
      if (outcome.ok) return outcome.answer;
      recorder.failed(call, outcome.kind);
      if (outcome.transport) outage = true;
      else refused++;
      await think();
      if (outcome.sessionLost && !(await signIn())) return undefined;
    }
    recorder.failed(call, 'given up');
    return undefined;
  }

  /** From the start: a new session, the ident code, the access code; repeated whole when a step fails. */
  async function signIn(): Promise<boolean> {
    for (let refused = 0; refused < MAX_REFUSALS; ) {
      if (recorder.over()) return false;
      let step = 'page load';
      let outcome = await pageLoad();
      if (outcome.ok) {
        await think();
        step = 'ident code';
        outcome = await post('submit/kodekodex/identcode', { assessmentIdentCode: created.identCode });
      }
      if (outcome.ok) {
        await think();
        step = 'access code';
        outcome = await post('submit/kodekodex/login', { passwordHash: encryptCode(created.accessCode!) });
      }
      const claims = outcome.ok ? (outcome.answer.tokenClaims as { isLoggedIn?: boolean; product?: number } | undefined) : undefined;
      if (claims?.isLoggedIn === true) {
        product = claims.product ?? 0;
        return true;
      }
      recorder.failed(step, outcome.ok ? 'not signed in' : outcome.kind);
      if (outcome.ok || !outcome.transport) refused++;
      await think();
    }
    recorder.failed('sign-in', 'given up');
    return false;
  }

  /**
   * Loads the page the last acknowledged draft was on, as the participant would see it after the
   * outage, and compares. What was sent when the server went away may have been written before it
   * did (its answer lost): either is kept, anything else is an acknowledged draft lost.
   */
  async function checkDraft(start: number, either: AnswerValue[][]): Promise<Outcome> {
    const outcome = await post('pageinfo/questionnaire', { questionsPerPage: questionsPerPage(product), questionStartIndex: start });
    if (!outcome.ok) return outcome;
    outage = false;
    const shown = outcome.answer as unknown as QuestionnairePage;
    const values = new Map(shown.questions.flatMap((q) => q.answerInfos.map((a) => [a.id, a.value] as const)));
    recorder.draftChecked(
      either.some((draft) => draft.every((v) => values.get(v.id) === v.value)),
      created.identCode,
      start,
    );
    return outcome;
  }

  await think();
  if (!(await signIn())) return;
  const perPage = questionsPerPage(product);
  await think();
  let page = (await persist('questionnaire page', () => post('pageinfo/questionnaire', { questionsPerPage: perPage, questionStartIndex: 1 }))) as
    | QuestionnairePage
    | undefined;
  if (page) recorder.started(page.totalNumberOfPages);
  const unset = unsetValue(product);
  while (page) {
    await think();
    const start = page.questions[0]!.questionIndex;
    const values = ranksFor(index, page.questions);
    const target = page.nextNavButtonQuestionStartIndex ?? start;
    let revision = page.revision ?? undefined;

    // As the page does while the participant chooses: after each question, a draft of the page so far,
    // sent again unchanged (same saveId) until it is acknowledged.
    let lastDraft: AnswerValue[] | undefined;
    const answered = new Set<number>();
    for (const question of page.questions) {
      question.answerInfos.forEach((answer) => answered.add(answer.id));
      const draft = values.map((v) => (answered.has(v.id) ? v : { id: v.id, value: unset }));
      const draftBody = { questionsPerPage: perPage, questionStartIndex: start, answers: encodeAnswers(start, draft), draft: true, baseRevision: revision, saveId: randomBytes(12).toString('base64url') };
      let draftSent = 0;
      const kept = lastDraft;
      const drafted = (await persist('draft', async () => {
        // After an outage: first the page as the participant would see it, with the last draft.
        if (outage && kept) {
          const checked = await checkDraft(start, [kept, draft]);
          if (!checked.ok) return checked;
        }
        draftSent = performance.now();
        return post('pageinfo/questionnaire', draftBody);
      })) as QuestionnairePage | undefined;
      if (!drafted) return;
      if (drafted.conflict) {
        // Only this participant writes this page, and a retry keeps its saveId: a conflict means a retry was not recognised.
        recorder.failed('draft', 'conflict');
        return;
      }
      revision = drafted.revision ?? undefined;
      lastDraft = draft;
      recorder.draftAcknowledged(performance.now() - draftSent);
      await think();
    }
    const body = { questionsPerPage: perPage, questionStartIndex: target, answers: encodeAnswers(start, values), baseRevision: revision, saveId: randomBytes(12).toString('base64url') };
    let sent = 0;
    const answer = (await persist('save', async () => {
      if (outage && lastDraft) {
        const checked = await checkDraft(start, [lastDraft, values]);
        if (!checked.ok) return checked;
      }
      sent = performance.now();
      return post('pageinfo/questionnaire', body);
    })) as QuestionnairePage | undefined;
    if (!answer) return;
    if (answer.conflict) {
      recorder.failed('save', 'conflict');
      return;
    }
    if (answer.questions.some((q) => q.isInvalid)) {
      // The participant's ranks are valid by construction: the server refusing them is a failure of its own.
      recorder.failed('save', 'refused as invalid');
      return;
    }
    recorder.acknowledged({ participant: index, identCode: created.identCode, questionStartIndex: start, values }, performance.now() - sent);
    if (target === start) break;
    page = answer;
  }
  if (!page) return;
  await think();
  if (await persist('finish', () => post('submit/finishassessment', {}))) recorder.finished(created.identCode);
}

import type { CreatedAssessment } from '@/lib/admin/assessments';
import { StatusCode } from '@/lib/api/codes';
import { encodeAnswers, questionsPerPage, unsetValue } from '@/lib/flows/questionnaire';
import { randomBytes } from 'node:crypto';
import type { createClient, FuzzResponse } from '../../fuzz/http';
import { cookieHeader, cookiesOf } from '../../fuzz/sessions';
import { encryptCode } from '../../support/api';
import { ranksFor } from '../durability/participant';

type Client = ReturnType<typeof createClient>;

type PageQuestion = { questionIndex: number; id: number; isInvalid?: boolean; answerInfos: Array<{ id: number }> };
type QuestionnairePage = {
  questions: PageQuestion[];
  revision?: number | null;
  conflict?: boolean | null;
  nextNavButtonQuestionStartIndex: number | null;
};

/** What the load records; the participants only report to it. */
export type TurnRecorder = {
  /** A page turn acknowledged: 200, statusCode 1, no conflict, nothing flagged; sent and answered at these moments (performance.now()). */
  turned(sentAt: number, answeredAt: number): void;
  /** A draft acknowledged the same way (with --drafts). */
  drafted(sentAt: number, answeredAt: number): void;
  /** A call that did not do what the participant wanted: kind says how ("HTTP 403", "statusCode 3", "conflict"). */
  failed(call: string, kind: string): void;
  /** The load is over: stop after the call in flight. */
  over(): boolean;
};

type Answer = { ok: true; body: Record<string, unknown> } | { ok: false; kind: string };

/**
 * One signed-in participant of the scaling load: a browser session of its own (cookies, XSRF token)
 * on a keep-alive connection of its own, from an address of its own.
 */
export type Participant = {
  index: number;
  identCode: string;
  /** The page on screen, as the last answer gave it. */
  page: QuestionnairePage;
  perPage: number;
  unset: number;
  post(path: string, body: unknown): Promise<Answer>;
};

/**
 * Signs in as the browser's pages do (a page load for the session and XSRF cookies, the ident code,
 * the access code, each call through the proxy at /api/…) and loads the first questionnaire page.
 * Throws what failed: the load needs every participant.
 */
export async function signIn(client: Client, created: CreatedAssessment, index: number, address: string): Promise<Participant> {
  const jar = new Map<string, string>();
  const forwarded = { 'x-forwarded-for': address };
  let xsrf = '';
  const kept = (response: FuzzResponse) => {
    cookiesOf(response, jar);
    // As the page's script does: the XSRF token is read from the cookie for every call (a login renews it).
    xsrf = decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
  };
  const post = async (path: string, body: unknown): Promise<Answer> => {
    const response = await client.send({
      label: path,
      method: 'POST',
      path: `/api/${path}`,
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'x-xsrf-token': xsrf, cookie: cookieHeader(jar), ...forwarded },
      body: Buffer.from(JSON.stringify(body)),
    });
    kept(response);
    if (response.status !== 200) return { ok: false, kind: response.status === 0 ? (response.error ?? 'no answer').split(' ')[0]! : `HTTP ${response.status}` };
    try {
      const answer = JSON.parse(response.body) as Record<string, unknown>;
      return answer.statusCode === StatusCode.Ok ? { ok: true, body: answer } : { ok: false, kind: `statusCode ${String(answer.statusCode)}` };
    } catch {
      return { ok: false, kind: 'not JSON' };
    }
  };
  const must = (step: string, answer: Answer): Record<string, unknown> => {
    if (!answer.ok) throw new Error(`participant ${index}: ${step}: ${answer.kind}`);
    return answer.body;
  };

  const loaded = await client.send({ label: 'page load', method: 'GET', path: '/support', headers: { accept: 'text/html', ...forwarded } });
  kept(loaded);
  if (loaded.status !== 200 || !xsrf) throw new Error(`participant ${index}: page load: HTTP ${loaded.status}${xsrf ? '' : ', no XSRF-TOKEN cookie'}`);
  must('ident code', await post('submit/kodekodex/identcode', { assessmentIdentCode: created.identCode }));
  const login = must('access code', await post('submit/kodekodex/login', { passwordHash: encryptCode(created.accessCode!) }));
  const claims = login.tokenClaims as { isLoggedIn?: boolean; product?: number } | undefined;
  if (claims?.isLoggedIn !== true) throw new Error(`participant ${index}: access code: not signed in`);
  const product = claims.product ?? 0;
  const perPage = questionsPerPage(product);
  const first = must('first page', await post('pageinfo/questionnaire', { questionsPerPage: perPage, questionStartIndex: 1 }));
  return { index, identCode: created.identCode, page: first as unknown as QuestionnairePage, perPage, unset: unsetValue(product), post };
}

/**
 * Turns pages back to back, no think time, until the load is over. Each turn saves a valid ranking
 * of the page it leaves and asks for the next (the page's revision as baseRevision and a saveId of
 * its own, as the browser sends them); from the last page the turn goes back to page 1, as the page's
 * back navigation can, and the participant starts over with other ranks. Only this participant
 * writes its assessment, so a conflict or a refusal is a failure of the server. With drafts, the
 * page first sends a draft after each question, as the browser does while the participant chooses.
 * After a failed call the participant reloads its page and goes on from there.
 */
export async function turnPages(participant: Participant, recorder: TurnRecorder, options: { drafts: boolean }): Promise<void> {
  const { perPage } = participant;
  let pass = 0;
  while (!recorder.over()) {
    const page = participant.page;
    const start = page.questions[0]!.questionIndex;
    const target = page.nextNavButtonQuestionStartIndex ?? 1;
    const values = ranksFor(participant.index + pass * 11, page.questions);
    let revision = page.revision ?? undefined;

    if (options.drafts) {
      const answered = new Set<number>();
      let failure: string | undefined;
      for (const question of page.questions) {
        question.answerInfos.forEach((answer) => answered.add(answer.id));
        const draft = values.map((v) => (answered.has(v.id) ? v : { id: v.id, value: participant.unset }));
        const sentAt = performance.now();
        const answer = await participant.post('pageinfo/questionnaire', {
          questionsPerPage: perPage, questionStartIndex: start, answers: encodeAnswers(start, draft), draft: true, baseRevision: revision, saveId: randomBytes(12).toString('base64url'),
        });
        const kept = answer.ok ? (answer.body as unknown as QuestionnairePage) : undefined;
        if (!kept || kept.conflict) {
          failure = answer.ok ? 'conflict' : answer.kind;
          break;
        }
        recorder.drafted(sentAt, performance.now());
        revision = kept.revision ?? undefined;
      }
      if (failure) {
        if (await recovered(participant, recorder, 'draft', failure, start)) continue;
        return;
      }
    }

    const sentAt = performance.now();
    const answer = await participant.post('pageinfo/questionnaire', {
      questionsPerPage: perPage, questionStartIndex: target, answers: encodeAnswers(start, values), baseRevision: revision, saveId: randomBytes(12).toString('base64url'),
    });
    const next = answer.ok ? (answer.body as unknown as QuestionnairePage) : undefined;
    const problem = !answer.ok ? answer.kind : next!.conflict ? 'conflict' : next!.questions.some((q) => q.isInvalid) ? 'refused as invalid' : undefined;
    if (problem) {
      if (await recovered(participant, recorder, 'page turn', problem, start)) continue;
      return;
    }
    recorder.turned(sentAt, performance.now());
    if (target === 1) pass++;
    participant.page = next!;
  }
}

/** Records the failure and loads the page the participant is on, with its revision as the server holds it: false when that fails too (the participant gives up). */
async function recovered(participant: Participant, recorder: TurnRecorder, call: string, kind: string, start: number): Promise<boolean> {
  recorder.failed(call, kind);
  const reloaded = await participant.post('pageinfo/questionnaire', { questionsPerPage: participant.perPage, questionStartIndex: start });
  if (!reloaded.ok) {
    recorder.failed('page load after a failure', reloaded.kind);
    return false;
  }
  participant.page = reloaded.body as unknown as QuestionnairePage;
  return true;
}

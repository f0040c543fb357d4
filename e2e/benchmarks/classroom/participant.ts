import { StatusCode } from '@/lib/api/codes';
import type { AdditionalFieldDefinition } from '@/lib/content/groupCode';
import type { createClient, FuzzRequest, FuzzResponse } from '../../fuzz/http';
import { cookieHeader, cookiesOf } from '../../fuzz/sessions';
import { encryptCode } from '../../support/api';
import { rscRequest } from '../support/rscRequest';

type Client = ReturnType<typeof createClient>;

/** The steps of one participant, in order; the timed stretch runs from 'login' to 'questionnaire page'. */
export const STEPS = ['entry page', 'login', 'personal page', 'personal info', 'e-mail page', 'manual page', 'selection page', 'selection', 'info page', 'questionnaire page'] as const;
export type Step = (typeof STEPS)[number];
/**
 * The page loads a browser makes between the calls; left out unless the run asks for them. The
 * selection page is always there: as its page info (through the proxy), which its render loads too
 * and which names the choices.
 */
export const PAGE_STEPS: ReadonlySet<Step> = new Set(['personal page', 'e-mail page', 'manual page', 'info page']);

export type Failure = { participant: number; step: Step; what: string };

export type Outcome =
  | {
      ok: true;
      participant: number;
      submitToFirstPageMs: number;
      /** From asking for the deep link's page: what the participant waits in all, the page's own wait included. */
      linkToFirstPageMs: number;
      steps: Partial<Record<Step, number>>;
    }
  | { ok: false; failure: Failure; steps: Partial<Record<Step, number>> };

export type ParticipantPlan = {
  client: Client;
  index: number;
  groupCode: string;
  /** The deep link's language token (de, en, …). */
  language: string;
  /** The client address this participant's requests come from (X-Forwarded-For, as one trusted proxy sends it). */
  address: string;
  fields: AdditionalFieldDefinition[];
  /** Words of the first question, one of which the questionnaire page must show. */
  firstQuestion: string[];
  /** Also load every page the browser shows on the way (personal info, e-mail, manual, selection, info). */
  pages: boolean;
  /**
   * How the pages after the entry page are asked for: 'full', as the app's steps load them (a full
   * load each, lib/client/navigate.ts), or 'client', as client-side navigations would ask for them
   * (the RSC payload: of the whole tree after a call, which may have given a new token that the
   * root layout's header follows; else with the router state of the page before). 'client' measures
   * what such a design would cost the server; the app does not navigate so.
   */
  navigation?: 'full' | 'client';
  /** Stop after this step (timing ends there): to find which step costs what. */
  until?: Step;
  /** Called right before and right after each step's request: the bench's --step-cpu reads the server's CPU there. */
  aroundStep?: (step: Step, moment: 'before' | 'after') => void;
};

type Choice = { id: number; questionnaireType: number; selectable?: boolean | null };

/** The selection form's options, from the page's React props in its HTML (quotes escaped there). */
function choicesOf(html: string): Choice[] {
  const option = /\\?"id\\?":(\d+),\\?"questionnaireType\\?":(\d+),\\?"title\\?":\\?".*?\\?",\\?"selectable\\?":(true|false)/g;
  return [...html.matchAll(option)].map((match) => ({ id: Number(match[1]), questionnaireType: Number(match[2]), selectable: match[3] === 'true' }));
}

/** The value a participant gives a field: a List's allowed value, a Text of their class. */
function valueFor(field: AdditionalFieldDefinition, index: number): string {
  return field.fieldType === 'List' ? field.allowedValues![index % field.allowedValues!.length]! : `Klasse ${7 + (index % 4)}${'abc'[index % 3]}`;
}

/**
 * One participant of a classroom, as the browser's requests make them: the deep link's page (which
 * gives the session and XSRF cookies), the group code AES-encrypted by the client crypto, the
 * additional fields with a personal key of their own, the first selectable questionnaire, and the
 * questionnaire page with its first question, every call through the app's proxy (/api/<call>).
 * Any HTTP error, any answer other than Ok, a page without its content ends the participant.
 */
export async function runParticipant(plan: ParticipantPlan): Promise<Outcome> {
  const { client, index } = plan;
  const jar = new Map<string, string>();
  let xsrf = '';
  const steps: Partial<Record<Step, number>> = {};
  const forwarded = { 'x-forwarded-for': plan.address };

  class StepFailed extends Error {
    constructor(readonly step: Step, what: string) {
      super(what);
    }
  }
  /** Thrown after the step the run stops at: the participant is done. */
  class Reached extends Error {}

  async function timed(step: Step, request: FuzzRequest): Promise<FuzzResponse> {
    plan.aroundStep?.(step, 'before');
    const began = performance.now();
    const response = await client.send(request);
    steps[step] = performance.now() - began;
    plan.aroundStep?.(step, 'after');
    cookiesOf(response, jar);
    // As the page's script does: the XSRF token is read from the cookie for every call (a login renews it).
    xsrf = decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
    if (typeof response.status !== 'number' || response.status === 0) throw new StepFailed(step, response.error ?? String(response.status));
    if (response.status !== 200) throw new StepFailed(step, `HTTP ${response.status}: ${response.body.slice(0, 160).replace(/\s+/g, ' ')}`);
    return response;
  }
  const reached = (step: Step) => {
    if (step === plan.until) throw new Reached();
  };

  // The route the participant is on, and whether a call came since its page (the 'client' navigation).
  let route: string | undefined;
  let calledSincePage = false;
  const page = async (step: Step, path: string, mustShow?: string[]) => {
    const asked = plan.navigation === 'client' && route !== undefined ? await rscRequest(calledSincePage ? undefined : route) : undefined;
    const response = await timed(step, {
      label: step,
      method: 'GET',
      path: path + (asked?.query ?? ''),
      headers: { ...(asked?.headers ?? { accept: 'text/html' }), cookie: cookieHeader(jar), ...forwarded },
    });
    if (asked && !String(response.headers['content-type']).startsWith('text/x-component')) throw new StepFailed(step, `no RSC payload but ${String(response.headers['content-type'])}`);
    route = path.split('/')[1];
    calledSincePage = false;
    if (mustShow && !mustShow.some((text) => response.body.includes(text))) throw new StepFailed(step, `the page shows none of ${mustShow.map((t) => `'${t}'`).join(', ')}`);
    reached(step);
    return response;
  };

  const call = async (step: Step, path: string, body: unknown): Promise<Record<string, unknown>> => {
    calledSincePage = true;
    const response = await timed(step, {
      label: step,
      method: 'POST',
      path: `/api/${path}`,
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'x-xsrf-token': xsrf, cookie: cookieHeader(jar), ...forwarded },
      body: Buffer.from(JSON.stringify(body)),
    });
    let answer: Record<string, unknown>;
    try {
      answer = JSON.parse(response.body) as Record<string, unknown>;
    } catch {
      throw new StepFailed(step, 'the answer is not JSON');
    }
    if (answer.statusCode !== StatusCode.Ok) throw new StepFailed(step, `statusCode ${String(answer.statusCode)}, detailCode ${String(answer.detailCode)}`);
    if (step !== 'login') reached(step);
    return answer;
  };

  let submitted = 0;
  const opened = performance.now();
  try {
    await page('entry page', `/kodew/${plan.groupCode}/${plan.language}`);
    xsrf = decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
    if (!xsrf) throw new StepFailed('entry page', 'no XSRF-TOKEN cookie');

    submitted = performance.now();
    const login = await call('login', 'submit/kodew/login', { groupcode: encryptCode(plan.groupCode) });
    if ((login.tokenClaims as { isLoggedIn?: boolean } | undefined)?.isLoggedIn !== true) throw new StepFailed('login', 'not logged in');
    reached('login');

    if (plan.pages) await page('personal page', '/kodewgrouploginpersonal');
    await call('personal info', 'submit/kodew/personalinfo', {
      additionalFieldsWithValues: plan.fields.map((field) => ({ id: field.id, value: valueFor(field, index) })),
      password: encryptCode(`Schluessel-${index}-${plan.address}`),
    });
    if (plan.pages) {
      // A key was set: the e-mail step comes first; the participant goes on without sending.
      await page('e-mail page', '/kodewemail');
      await page('manual page', '/kodewquestionnairemanual');
    }
    // The selection page renders the choices from this very page info; the browser sends back one of
    // its ids. With the pages, the page itself, as the browser loads it (its choices read from the
    // props it hands its form); without, the page info alone.
    const choices = plan.pages
      ? choicesOf((await page('selection page', '/kodewquestionnaireselection')).body)
      : (((await call('selection page', 'pageinfo/kodew/assessmentselection', {})).questionnaireSelections ?? []) as Choice[]);
    const first = choices.find((choice) => choice.selectable !== false);
    if (!first) throw new StepFailed('selection page', 'no selectable questionnaire offered');
    await call('selection', 'submit/kodew/assessmentselection', { selectedQuestionnaireId: first.id, type: first.questionnaireType });
    if (plan.pages) await page('info page', '/kodewinfo');
    await page('questionnaire page', '/questionnaire', plan.firstQuestion);
    return { ok: true, participant: index, submitToFirstPageMs: performance.now() - submitted, linkToFirstPageMs: performance.now() - opened, steps };
  } catch (error) {
    if (error instanceof Reached) return { ok: true, participant: index, submitToFirstPageMs: performance.now() - submitted, linkToFirstPageMs: performance.now() - opened, steps };
    if (error instanceof StepFailed) return { ok: false, failure: { participant: index, step: error.step, what: error.message }, steps };
    throw error;
  }
}

import type { CallPath, RequestOf } from '@/lib/api/catalogue';
import { StatusCode } from '@/lib/api/codes';
import type { BrowserRequest } from '@/lib/client/api';
import { withSessionDefaults } from '@/lib/session/callDefaults';
import { sessionAfterCall } from '@/lib/session/callEffects';
import { decodeClaims } from '@/lib/session/claims';
import { newSession, type SessionData } from '@/lib/session/data';
import { isTimeout, unreachableReason } from '../client';
import { pageInfoBody, type PageInfoPath } from '../pageInfoBody';
import { transportTo } from '../transport';
import { judgeReply, type Finding, type Reply } from './findings';

/**
 * A participant as the app carries one, played against an upstream: a session as the app keeps it
 * (lib/session), page loads with the body the page loader sends (../pageInfoBody.ts), the browser's
 * calls with the defaults the proxy adds (lib/session/callDefaults.ts) and the session changed by
 * each answer as the proxy changes it (lib/session/callEffects.ts), every call sent through the
 * app's own transport (../transport.ts). So the upstream sees exactly what it sees from the app.
 */

/** What a call was sent for: to read, to change data the flow needs changed, or to see the answer's shape where nothing can change. */
export type Purpose = 'read' | 'change' | 'probe';

export type Sent = {
  flow: string;
  path: CallPath;
  purpose: Purpose;
  /** The answer's statusCode; 'image' for an image. */
  status?: number | 'image';
  /** Some answer came (an HTTP error is one), rather than none or none in time. */
  reached: boolean;
  findings: Finding[];
};

export type Answered = { answer?: Record<string, unknown>; image?: boolean; sent: Sent };

export type Sender = (path: CallPath, body: unknown) => Promise<Reply>;

/** Sends through the app's transport to the upstream at `url`, as lib/upstream/client.ts does (the body as JSON). */
export function httpSender(url: string, timeoutMs: number): Sender {
  return async (path, body) => {
    try {
      const response = await transportTo({ url, timeoutMs }, path, JSON.stringify(body));
      if (!response.ok) return { kind: 'http-error', status: response.status };
      return { kind: 'answer', contentType: response.headers.get('content-type') ?? '', text: await response.text() };
    } catch (error) {
      return isTimeout(error) ? { kind: 'timeout' } : { kind: 'unreachable', reason: unreachableReason(error) };
    }
  };
}

/** Everything a run sent, the data it changed and the calls it left out, in order. */
export class CheckLog {
  readonly sent: Sent[] = [];
  readonly changes: string[] = [];
  readonly notSent = new Map<CallPath, string>();

  constructor(readonly send: Sender) {}

  changed(what: string): void {
    if (!this.changes.includes(what)) this.changes.push(what);
  }

  /** Why a call was not sent for real; the first reason given stays. */
  skipped(path: CallPath, reason: string): void {
    if (!this.notSent.has(path)) this.notSent.set(path, reason);
  }

  wasSent(path: CallPath): boolean {
    return this.sent.some((sent) => sent.path === path);
  }
}

type PageOptions = { anonymous?: boolean; purpose?: Purpose };

export class Participant {
  session: SessionData = newSession();

  constructor(
    private readonly log: CheckLog,
    readonly flow: string,
  ) {}

  get loggedIn(): boolean {
    return decodeClaims(this.session.token).isLoggedIn;
  }

  /**
   * A page the server renders: the page loader's body, with the session's token unless the page
   * loads without one (the login pages); a token it returns is stored, as loadPage does (spec §7).
   */
  async page<P extends PageInfoPath | 'loadImage'>(path: P, extras: Partial<RequestOf<P>>, { anonymous = false, purpose = 'read' }: PageOptions = {}): Promise<Answered> {
    const token = anonymous ? undefined : this.session.token;
    const answered = await this.sendJudged(path, pageInfoBody(this.session, decodeClaims(this.session.token), token, extras), purpose);
    const returned = answered.answer?.token;
    if (!anonymous && typeof returned === 'string' && returned) this.session = { ...this.session, token: returned };
    return answered;
  }

  /** A call of the browser's, through the proxy: the session's defaults added, the session changed by the answer. */
  async submit<P extends CallPath>(path: P, body: BrowserRequest<P>, purpose: Purpose): Promise<Answered> {
    const filled = withSessionDefaults(path, body as Record<string, unknown>, this.session);
    const answered = await this.sendJudged(path, filled, purpose);
    if (answered.answer && typeof answered.answer.statusCode === 'number') this.session = sessionAfterCall(path, filled, answered.answer, this.session);
    return answered;
  }

  /**
   * Whether the flow can go on: an Ok answer it can read. Otherwise the call's line says why the
   * rest of the flow was not sent (a code that was not accepted is a failure of the run as well).
   */
  goesOn(answered: Answered, refusal = 'where the check needs Ok to go on'): boolean {
    if (answered.answer?.statusCode === StatusCode.Ok) return true;
    const status = answered.answer?.statusCode;
    const said = typeof status === 'number' ? `answered status ${statusText(status)} ${refusal}` : 'gave no answer to go on with';
    answered.sent.findings.push({ level: 'failure', text: `${said}: the rest of this flow was not sent` });
    return false;
  }

  private async sendJudged(path: CallPath, body: unknown, purpose: Purpose): Promise<Answered> {
    const reply = await this.log.send(path, body);
    const judged = judgeReply(path, reply);
    const status = judged.image ? ('image' as const) : typeof judged.answer?.statusCode === 'number' ? judged.answer.statusCode : undefined;
    const reached = reply.kind !== 'unreachable' && reply.kind !== 'timeout';
    const sent: Sent = { flow: this.flow, path, purpose, ...(status !== undefined && { status }), reached, findings: judged.findings };
    this.log.sent.push(sent);
    return { ...(judged.answer && { answer: judged.answer }), ...(judged.image && { image: true }), sent };
  }
}

const STATUS_NAMES = new Map<number, string>(Object.entries(StatusCode).map(([name, code]) => [code, name]));

/** 1 Ok, 3 TokenInvalid, … */
export function statusText(status: number): string {
  const name = STATUS_NAMES.get(status);
  return name ? `${status} ${name}` : String(status);
}

import { CALLS, isCallPath } from '@/lib/api/catalogue';
import { DetailCode, StatusCode } from '@/lib/api/codes';
import { logEvent, newExceptionId } from '@/lib/log/logger';
import { errorFields } from '@/lib/log/redactReason';
import type { Database } from './db/database';
import type { ApiContext, EmbeddedSettings } from './context';
import { keyStrengtheningOf, type KeyStrengthening } from './keyStrengthening';
import { ROUTES } from './router';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

/** Errors that mean the database is out of reach rather than a bug of ours. */
function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? '';
  return ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', '57P01', '57P03', '08000', '08001', '08003', '08006'].includes(code);
}

/**
 * The calls that write nothing, whose participant is read once (ApiContext.participantReads): the
 * page-info calls, but for the questionnaire page, which saves the page sent with it, and the error
 * page, whose sign-out revokes the participant's tokens.
 */
export function readsOnly(path: string): boolean {
  return path.startsWith('pageinfo') && path !== 'pageinfo/questionnaire' && path !== 'pageinfo/error';
}

/** `now` is the clock the handlers judge tokens and locks by; tests move it instead of sleeping. */
export type HandlerOptions = { now?: () => number; keys?: KeyStrengthening };

/**
 * The embedded upstream as a function from Request to Response: the same JSON that would cross
 * the network to a real upstream, so it can run in-process or on its own port.
 */
export function createRequestHandler(db: Database, settings: EmbeddedSettings, { now = () => Date.now(), keys = keyStrengtheningOf(db) }: HandlerOptions = {}) {
  return async function handle(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname.replace(/^\/+/, '').replace(/^api\//, '');
    if (!isCallPath(path)) return json({ error: `unknown call '${path}'` }, 404);
    const handler = ROUTES[path];
    // A call of the contract whose flow is not built yet: a clear refusal, logged nowhere, so that
    // nobody can flood the log with valid calls (the gateway decides what the browser sees).
    if (!handler) return json({ statusCode: StatusCode.Undefined, detailCode: DetailCode.NoDetails, error: `call '${path}' is not available` }, 404);
    if (request.method !== 'POST') return json({ error: 'only POST is supported' }, 405);

    let raw: unknown;
    try {
      raw = await request.json();
    } catch {
      return json({ statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.NoDetails, errorInfo: 'body is not JSON' });
    }
    const parsed = CALLS[path].request.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const errorInfo = `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`;
      return json({ statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.NoDetails, errorInfo });
    }
    const clientAddress = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';
    try {
      const ctx: ApiContext = { db, settings, clientAddress, now: now(), keys, ...(readsOnly(path) && { participantReads: new Map() }) };
      const answer = await handler(parsed.data, ctx);
      if (typeof answer === 'string') return new Response(answer, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
      return json(answer);
    } catch (error) {
      const exceptionId = newExceptionId();
      const detailCode = isDatabaseUnavailable(error) ? DetailCode.NoDatabaseConnection : DetailCode.Exception;
      // The database's SQLSTATE and constraint say what failed; its message is logged without the values it quotes.
      logEvent('error', 'embedded_api_failure', { id: exceptionId, path, ...errorFields(error) });
      return json({ statusCode: StatusCode.Exception, detailCode, exceptionId });
    }
  };
}

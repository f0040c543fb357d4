import { deriveKey } from '@/lib/crypto/hmac';
import type { Sql } from '@/lib/embedded-api/db/database';
import { isXsrfTokenFor, issueXsrfToken } from '@/lib/session/xsrf';
import { CONSOLE_ACTIONS, mayDo, type ConsoleActionName } from '../operators/roles';
import { sessionOf, type ConsoleSession, type SessionLimits } from '../operators/sessions';

/**
 * What every console action asks first, before it reads or changes anything: is there a running
 * session, may its role do this, and (for a change) does the form carry the XSRF token of this very
 * session? The pages and server actions call it through lib/admin/console/request.ts; roles.test.ts
 * plays it cell by cell.
 */
export type ConsoleRefusal = { status: 401 | 403; problem: 'signedOut' | 'forbidden' | 'xsrf' };
export type GuardResult = { ok: true; session: ConsoleSession } | { ok: false; refusal: ConsoleRefusal };

export type GuardInput = {
  cookie: string | undefined;
  /** The form's XSRF token; required for every action that changes something. */
  xsrf?: string | null;
  action: ConsoleActionName;
  /** A page that offers the action, not the action itself: no form was sent, so no XSRF token to check. */
  page?: boolean;
  secret: string;
  limits: SessionLimits;
  now?: Date;
};

/** The console's own key for XSRF tokens, apart from the participants'. */
function consoleSecret(secret: string): string {
  return deriveKey(secret, 'console-xsrf').toString('base64url');
}

/** The token the session's forms carry: bound to the session, so that another's page cannot forge it. */
export function consoleXsrfToken(session: Pick<ConsoleSession, 'idHash'>, secret: string): string {
  return issueXsrfToken(session.idHash, consoleSecret(secret));
}

export async function guard(sql: Sql, input: GuardInput): Promise<GuardResult> {
  const session = await sessionOf(sql, input.cookie, input.limits, input.now);
  if (!session) return { ok: false, refusal: { status: 401, problem: 'signedOut' } };
  if (CONSOLE_ACTIONS[input.action].changes && !input.page && !isXsrfTokenFor(input.xsrf ?? undefined, session.idHash, consoleSecret(input.secret))) {
    return { ok: false, refusal: { status: 403, problem: 'xsrf' } };
  }
  if (!mayDo(session.role, input.action)) return { ok: false, refusal: { status: 403, problem: 'forbidden' } };
  return { ok: true, session };
}

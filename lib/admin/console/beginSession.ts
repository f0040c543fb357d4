import { cookies } from 'next/headers';
import { recordOperatorAudit } from '../operators/audit';
import { startSession } from '../operators/sessions';
import { consoleCookie } from './cookies';
import type { ConsoleRequest } from './request';

/** After a sign-in by password or passkey: a new session, its cookie, and the audit row saying how. */
export async function beginConsoleSession(request: ConsoleRequest, operator: { operatorId: number; email: string }, method: 'password' | 'passkey'): Promise<void> {
  const cookie = await startSession(request.db, operator.operatorId, request.limits);
  const { name, value, ...options } = consoleCookie(cookie, request.cookieConfig, request.limits.maxHours * 3600);
  (await cookies()).set(name, value, options);
  await recordOperatorAudit(request.db, { operator: operator.email, action: 'sign in', subject: method });
}

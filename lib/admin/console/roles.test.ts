import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { openTestDatabase } from '@/lib/embedded-api/db/testDatabase';
import { createOperator, disableOperator, setPasswordWithLink } from '../operators/operators';
import { CONSOLE_ACTIONS, type ConsoleActionName } from '../operators/roles';
import { startSession } from '../operators/sessions';
import { CONSOLE_STATES, expectedCell, renderConsoleTable, type ConsoleState } from './consoleTable';
import { consoleXsrfToken, guard } from './guard';
import { tokenHash } from '../operators/tokens';

const SECRET = 'console-roles-test-secret-console-roles-test';
const LIMITS = { idleMinutes: 30, maxHours: 12 };
let db: Database;
const cookies: Partial<Record<ConsoleState, string>> = {};

async function operatorSession(email: string, role: 'owner' | 'viewer'): Promise<string> {
  const { setupToken } = await createOperator(db, email, role);
  const operator = await setPasswordWithLink(db, setupToken, 'a long enough password');
  return startSession(db, operator!.id, LIMITS);
}

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  cookies.owner = await operatorSession('owner@example.org', 'owner');
  cookies['owner, form without its XSRF token'] = cookies.owner;
  cookies.viewer = await operatorSession('viewer@example.org', 'viewer');
  cookies['session ended (signed out, disabled, reset, idle)'] = await operatorSession('gone@example.org', 'owner');
  await disableOperator(db, 'gone@example.org');
}, 60_000);

afterAll(() => db.close());

const cells = (Object.keys(CONSOLE_ACTIONS) as ConsoleActionName[]).flatMap((action) => CONSOLE_STATES.map((state) => [action, state] as const));

describe('console action × request state', () => {
  it.each(cells)('%s, %s', async (action, state) => {
    const cookie = cookies[state];
    const withXsrf = state !== 'owner, form without its XSRF token' && cookie;
    const xsrf = withXsrf ? consoleXsrfToken({ idHash: tokenHash(cookie) }, SECRET) : null;
    const result = await guard(db, { cookie, xsrf, action, secret: SECRET, limits: LIMITS });
    expect(result.ok ? 'ok' : `${result.refusal.status} ${result.refusal.problem}`).toBe(expectedCell(action, state));
  });

  it('a page offering a change is shown without a form token; the change itself needs one', async () => {
    const page = await guard(db, { cookie: cookies.owner, action: 'passkeyAdd', page: true, secret: SECRET, limits: LIMITS });
    expect(page.ok).toBe(true);
    const viewer = await guard(db, { cookie: cookies.viewer, action: 'assessmentCreate', page: true, secret: SECRET, limits: LIMITS });
    expect(viewer).toEqual({ ok: false, refusal: { status: 403, problem: 'forbidden' } });
  });

  it("another session's XSRF token does not pass", async () => {
    const xsrf = consoleXsrfToken({ idHash: tokenHash(cookies.viewer!) }, SECRET);
    const result = await guard(db, { cookie: cookies.owner, xsrf, action: 'passkeyAdd', secret: SECRET, limits: LIMITS });
    expect(result).toEqual({ ok: false, refusal: { status: 403, problem: 'xsrf' } });
  });

  it('SECURITY.md shows this table (npx tsx lib/scripts/security-table.ts writes it)', () => {
    const document = fs.readFileSync(path.join(process.cwd(), 'SECURITY.md'), 'utf8');
    const section = document.match(/<!-- console-table:start -->\n([\s\S]*?)\n<!-- console-table:end -->/);
    expect(section?.[1]).toBe(renderConsoleTable());
  });
});

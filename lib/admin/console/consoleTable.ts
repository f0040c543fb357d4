import { CONSOLE_ACTIONS, type ConsoleActionName, type Role } from '../operators/roles';

/**
 * The console's table for SECURITY.md: every action (lib/admin/operators/roles.ts) against every
 * state a request can be in. roles.test.ts plays each cell through the guard with a real session
 * and fails when SECURITY.md shows a different table (npx tsx lib/scripts/security-table.ts
 * writes it).
 */
export const CONSOLE_STATES = ['no session', 'session ended (signed out, disabled, reset, idle)', 'viewer', 'owner', 'owner, form without its XSRF token'] as const;
export type ConsoleState = (typeof CONSOLE_STATES)[number];

/** What the guard answers: 'ok', or the HTTP status and problem of its refusal. */
export function expectedCell(name: ConsoleActionName, state: ConsoleState): string {
  const action = CONSOLE_ACTIONS[name];
  if (state === 'no session' || state.startsWith('session ended')) return '401 signedOut';
  if (state === 'owner, form without its XSRF token') return action.changes ? '403 xsrf' : 'ok';
  return action.roles.includes(state as Role) ? 'ok' : '403 forbidden';
}

export function renderConsoleTable(): string {
  const header = `| action | ${CONSOLE_STATES.join(' | ')} |`;
  const rule = `|---|${CONSOLE_STATES.map(() => '---').join('|')}|`;
  const rows = (Object.keys(CONSOLE_ACTIONS) as ConsoleActionName[]).map((name) => {
    const action = CONSOLE_ACTIONS[name];
    const cells = CONSOLE_STATES.map((state) => {
      const cell = expectedCell(name, state);
      return cell === 'ok' ? '✔' : `✘ ${cell}`;
    });
    return `| \`${action.name}\` — ${action.summary}${action.changes ? ' (a change: audited)' : ''} | ${cells.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}

import type { CallPath } from '@/lib/api/catalogue';
import { ACCESS_CODE_ROWS } from './authority/accessCodeRows';
import { everyState, TOKEN_STATE_TITLES, TOKEN_STATES, type AuthorityRow, type Cell } from './authority/cells';
import { GROUP_ROWS } from './authority/groupRows';
import { OTHER_GROUP_ROWS } from './authority/otherGroupRows';
import { PORTAL_ROWS } from './authority/portalRows';

export { TOKEN_STATE_TITLES, TOKEN_STATES, type AuthorityRow, type Cell, type Situation, type TokenState } from './authority/cells';

/**
 * What the holder of a token may do, call by call: the table of SECURITY.md. It is the
 * expectation, not the implementation: security.test.ts plays every cell against the embedded
 * API, and checks that SECURITY.md shows exactly this table (`npx tsx lib/scripts/security-table.ts`
 * rewrites it there). The rows live by area in ./authority/, in the order shown.
 */
export const AUTHORITY_TABLE: AuthorityRow[] = [...ACCESS_CODE_ROWS, ...GROUP_ROWS, ...OTHER_GROUP_ROWS, ...PORTAL_ROWS];

/** The calls of the contract that the embedded API does not answer yet: refused alike, whatever the token. */
export function unavailableRow(calls: CallPath[]): AuthorityRow {
  return {
    id: 'not available',
    calls,
    when: 'flows not built yet: `{statusCode:0, detailCode:0, error:"call … is not available"}`, not logged',
    situation: 'running',
    cells: everyState({ allowed: false, statusCode: 0, detailCode: 0, httpStatus: 404 }),
  };
}

function renderCell(cell: Cell): string {
  if (cell.httpStatus) return `✘ HTTP ${cell.httpStatus}`;
  return `${cell.allowed ? '✔' : '✘'} ${cell.statusCode}/${cell.detailCode}`;
}

function renderCalls(row: AuthorityRow): string {
  const calls = row.calls.length > 3 ? `the ${row.calls.length} other catalogue paths` : row.calls.map((c) => `\`${c}\``).join(', ');
  return row.when ? `${calls} — ${row.when}` : calls;
}

/** The markdown table of SECURITY.md. */
export function renderAuthorityTable(rows: AuthorityRow[]): string {
  const header = `| call | ${TOKEN_STATES.map((s) => TOKEN_STATE_TITLES[s]).join(' | ')} |`;
  const rule = `|---|${TOKEN_STATES.map(() => '---').join('|')}|`;
  const lines = rows.map((row) => `| ${renderCalls(row)} | ${TOKEN_STATES.map((s) => renderCell(row.cells[s])).join(' | ')} |`);
  return [header, rule, ...lines].join('\n');
}

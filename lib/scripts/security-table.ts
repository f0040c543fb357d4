/**
 * npx tsx lib/scripts/security-table.ts — writes the call × token-state table of
 * lib/embedded-api/authorityTable.ts into SECURITY.md, between its authority-table markers.
 * lib/embedded-api/security.test.ts fails when the two differ, and plays every cell.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CALL_PATHS } from '@/lib/api/catalogue';
import { AUTHORITY_TABLE, renderAuthorityTable, unavailableRow } from '@/lib/embedded-api/authorityTable';
import { ROUTES } from '@/lib/embedded-api/router';
import { renderConsoleTable } from '@/lib/admin/console/consoleTable';

const file = path.join(process.cwd(), 'SECURITY.md');
const document = fs.readFileSync(file, 'utf8');
const table = renderAuthorityTable([...AUTHORITY_TABLE, unavailableRow(CALL_PATHS.filter((p) => !ROUTES[p]))]);
const marked = /(<!-- authority-table:start -->\n)[\s\S]*?(<!-- authority-table:end -->)/;
if (!marked.test(document)) {
  console.error('SECURITY.md has no <!-- authority-table:start --> … <!-- authority-table:end --> section.');
  process.exit(1);
}
const consoleMarked = /(<!-- console-table:start -->\n)[\s\S]*?(<!-- console-table:end -->)/;
if (!consoleMarked.test(document)) {
  console.error('SECURITY.md has no <!-- console-table:start --> … <!-- console-table:end --> section.');
  process.exit(1);
}
const written = document
  .replace(marked, (_all, start: string, end: string) => `${start}${table}\n${end}`)
  .replace(consoleMarked, (_all, start: string, end: string) => `${start}${renderConsoleTable()}\n${end}`);
fs.writeFileSync(file, written);
console.log('SECURITY.md: authority and console tables written.');

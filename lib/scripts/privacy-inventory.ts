/**
 * npx tsx lib/scripts/privacy-inventory.ts — writes the inventory of personal data
 * (lib/embedded-api/privacy/inventory.ts) into docs/privacy.md, between its privacy-inventory
 * markers. lib/embedded-api/privacy/inventory.test.ts fails when the two differ, and when the
 * inventory and the database's columns differ.
 */
import fs from 'node:fs';
import path from 'node:path';
import { INVENTORY_END, INVENTORY_START, renderInventory } from '@/lib/embedded-api/privacy/inventoryDocument';

const file = path.join(process.cwd(), 'docs/privacy.md');
const document = fs.readFileSync(file, 'utf8');
const marked = new RegExp(`(${INVENTORY_START}\n)[\\s\\S]*?(${INVENTORY_END})`);
if (!marked.test(document)) {
  console.error(`docs/privacy.md has no ${INVENTORY_START} … ${INVENTORY_END} section.`);
  process.exit(1);
}
fs.writeFileSync(file, document.replace(marked, (_all, start: string, end: string) => `${start}${renderInventory()}\n${end}`));
console.log('docs/privacy.md: inventory written.');

import { LEGAL_BASES, PERSONAL_KINDS, PLACES, RETENTION_RULES, TABLES, type Erasure, type InventoryTable, type PersonalKind } from './inventory';

/**
 * The inventory (inventory.ts) as the Markdown that docs/privacy.md shows between its
 * privacy-inventory markers: `npx tsx lib/scripts/privacy-inventory.ts` writes it there, and
 * inventory.test.ts fails when the document shows anything else.
 */
export const INVENTORY_START = '<!-- privacy-inventory:start -->';
export const INVENTORY_END = '<!-- privacy-inventory:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');
const row = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
const header = (titles: string[]) => [row(titles), `|${titles.map(() => '---').join('|')}|`];
const kinds = (personal: readonly PersonalKind[]) => (personal.length === 0 ? 'no' : personal.join(', '));

function basis(table: InventoryTable): string {
  if (table.basis.length === 0) return 'none needed: no personal data';
  const articles = table.basis.map((b) => `${LEGAL_BASES[b].article} ${b}`).join(', ');
  return table.basisNote ? `${articles}: ${table.basisNote}` : articles;
}

function erasurePart(e: Exclude<Erasure, { by: 'privacy purge' }>): string {
  switch (e.by) {
    case 'privacy erase':
      return e.note ? `\`privacy erase\` (${e.note})` : '`privacy erase`';
    case 'cascade':
      return `with its \`${e.from}\` row (cascade)`;
    case 'the app':
      return `the app: ${e.when}`;
    case 'kept':
      return `nothing, kept: ${e.why}`;
    case 'nothing':
      return 'nothing needed: no personal data';
  }
}

/** The purge's rules go into one part, where the first of them stands. */
function erasedBy(erasure: readonly Erasure[]): string {
  const rules = erasure.flatMap((e) => (e.by === 'privacy purge' ? [RETENTION_RULES[e.rule]] : []));
  const purge = `\`privacy purge\` (${rules.map((r) => (r.setting ? `\`${r.setting}\`` : r.period)).join(', ')})`;
  const first = erasure.findIndex((e) => e.by === 'privacy purge');
  return erasure.flatMap((e, i) => (e.by !== 'privacy purge' ? [erasurePart(e)] : i === first ? [purge] : [])).join('; ');
}

function legend(): string[] {
  return [
    'Personal data, by kind:',
    '',
    ...Object.entries(PERSONAL_KINDS).map(([kind, meaning]) => `- **${kind}**: ${meaning}`),
    '',
    'Legal bases an operator typically relies on (GDPR):',
    '',
    ...Object.entries(LEGAL_BASES).map(([name, { article, meaning }]) => `- **${article} ${name}**: ${meaning}`),
    '',
    'The purge’s rules (`privacy purge`, and the app once a day), by their setting:',
    '',
    ...Object.values(RETENTION_RULES).map((rule) => `- ${rule.setting ? `\`${rule.setting}\`: ` : ''}${rule.period}`),
  ];
}

function databaseTables(): string[] {
  return [
    '### The database',
    '',
    ...header(['table', 'what it is and why it is kept', 'legal basis', 'kept by default', 'erased by']),
    ...TABLES.map((t) => row([`[\`${t.name}\`](#${t.name})`, t.purpose, basis(t), t.kept, erasedBy(t.erasure)])),
  ];
}

function columnTables(): string[] {
  return [
    '### Their columns',
    ...TABLES.flatMap((t) => ['', `#### \`${t.name}\``, '', ...header(['column', 'personal data', 'what it is']), ...t.columns.map((c) => row([`\`${c.name}\``, kinds(c.personal), c.what]))]),
  ];
}

function places(): string[] {
  return ['### Outside the database', '', ...header(['place', 'what it holds', 'personal data', 'kept', 'erased by']), ...PLACES.map((p) => row([p.place, p.holds, kinds(p.personal), p.kept, p.erasure]))];
}

export function renderInventory(): string {
  return [...legend(), '', ...databaseTables(), '', ...columnTables(), '', ...places()].join('\n');
}

import fs from 'node:fs';
import path from 'node:path';
import { openDemoDatabase } from '@/lib/paypal-demo/database';
import type { Database } from '../db/database';
import { migrate } from '../db/migrations';
import { openTestDatabase, openTestDatabaseWith } from '../db/testDatabase';
import { envSchema } from '@/lib/config/schema';
import { RETENTION_RULES, TABLES, type InventoryTable } from './inventory';
import { PURGE_RULES } from './retention';
import { INVENTORY_END, INVENTORY_START, renderInventory } from './inventoryDocument';

/**
 * The inventory of personal data (issue 29, point 1) against the database as the migrations leave
 * it: a column added without its row in lib/embedded-api/privacy/inventory.ts, or a row left behind
 * by a column that went, fails here by name; so do a table with personal data that says nothing
 * erases it, a cascade or erasure it claims that the database or erase.ts does not do, and a
 * docs/privacy.md that shows another inventory.
 */
const REGENERATE = 'npx tsx lib/scripts/privacy-inventory.ts';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
}, 60_000);

afterAll(async () => db?.close());

/** Every table.column of the current schema. */
async function columnsOf(database: Database, table?: string): Promise<string[]> {
  const rows = await database.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and ($1::text is null or table_name = $1) order by table_name, ordinal_position`,
    [table ?? null],
  );
  return rows.map((r) => `${r.table_name}.${r.column_name}`);
}

const listedColumns = (tables: readonly InventoryTable[]) => tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`));
const holdsPersonalData = (table: InventoryTable) => table.columns.some((c) => c.personal.length > 0);
const duplicates = (names: string[]) => names.filter((name, i) => names.indexOf(name) !== i);

/** Foreign keys `on delete cascade`, as child <- parent. */
async function cascades(): Promise<Array<{ child: string; parent: string }>> {
  return db.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint c
       join pg_class child on child.oid = c.conrelid
       join pg_class parent on parent.oid = c.confrelid
       join pg_namespace n on n.oid = child.relnamespace
      where c.contype = 'f' and c.confdeltype = 'c' and n.nspname = current_schema()`,
  );
}

describe('the inventory lists every table and column of the database, and nothing else', () => {
  it('every column of the migrated database has its row in the inventory', async () => {
    const listed = new Set(listedColumns(TABLES));
    const missing = (await columnsOf(db)).filter((column) => !listed.has(column));
    expect(missing.map((column) => `${column} is not in the inventory: add its row to lib/embedded-api/privacy/inventory.ts and run ${REGENERATE}`)).toEqual([]);
  });

  it('every row of the inventory is a column of the migrated database', async () => {
    const present = new Set(await columnsOf(db));
    const extra = listedColumns(TABLES).filter((column) => !present.has(column));
    expect(extra.map((column) => `${column} is in the inventory but not in the database: remove its row from lib/embedded-api/privacy/inventory.ts and run ${REGENERATE}`)).toEqual([]);
  });

  it('lists each table and each column once', () => {
    expect(duplicates(TABLES.map((t) => t.name))).toEqual([]);
    expect(duplicates(listedColumns(TABLES))).toEqual([]);
  });

  it('the demo PayPal provider’s own storage (DATA_DIR/paypal-demo on PGlite) has the columns its row lists', async () => {
    const demo = await openTestDatabaseWith(openDemoDatabase);
    try {
      const listed = listedColumns(TABLES.filter((t) => t.name === 'demo_paypal_order'));
      expect(await columnsOf(demo)).toEqual(expect.arrayContaining(listed));
      expect(listed).toEqual(expect.arrayContaining(await columnsOf(demo, 'demo_paypal_order')));
    } finally {
      await demo.close();
    }
  }, 60_000);
});

describe('every personal column says what erases it', () => {
  it('a table with personal data names its legal basis and what erases it; one without says it needs neither', () => {
    const problems = TABLES.flatMap((table) => {
      if (!holdsPersonalData(table)) {
        const fine = table.basis.length === 0 && table.erasure.every((e) => e.by === 'nothing');
        return fine ? [] : [`${table.name} holds no personal data by its columns, yet names a legal basis or an erasure`];
      }
      const erased = table.erasure.length > 0 && table.erasure.every((e) => e.by !== 'nothing');
      return table.columns
        .filter((c) => c.personal.length > 0)
        .flatMap((c) => [
          ...(erased ? [] : [`${table.name}.${c.name} is personal data (${c.personal.join(', ')}) but nothing is named that erases it`]),
          ...(table.basis.length > 0 ? [] : [`${table.name}.${c.name} is personal data but its table names no legal basis`]),
        ]);
    });
    expect(problems).toEqual([]);
  });

  it('the cascades it names are the database’s foreign keys on delete cascade into tables with personal data, all of them', async () => {
    const personal = new Set(TABLES.filter(holdsPersonalData).map((t) => t.name));
    const inDatabase = (await cascades())
      .filter((c) => personal.has(c.child))
      .map((c) => `${c.child} <- ${c.parent}`)
      .sort();
    const named = TABLES.flatMap((t) => t.erasure.flatMap((e) => (e.by === 'cascade' ? [`${t.name} <- ${e.from}`] : []))).sort();
    expect(named).toEqual(inDatabase);
  });

  it('the tables it says `privacy erase` erases are those erase.ts deletes or changes, or that go with them by cascade', async () => {
    const source = fs.readFileSync(path.join(process.cwd(), 'lib/embedded-api/privacy/erase.ts'), 'utf8');
    const touched = new Set([...source.matchAll(/\b(?:delete from|update) (\w+)/g)].map((m) => m[1]!));
    const links = await cascades();
    for (let grown = true; grown; ) {
      grown = false;
      for (const { child, parent } of links) {
        if (touched.has(parent) && !touched.has(child)) grown = touched.add(child).has(child);
      }
    }
    const erasedPersonal = TABLES.filter((t) => holdsPersonalData(t) && touched.has(t.name)).map((t) => t.name);
    const claimed = TABLES.filter((t) => t.erasure.some((e) => e.by === 'privacy erase')).map((t) => t.name);
    expect(claimed).toEqual(erasedPersonal);
  });
});

it(`docs/privacy.md shows exactly this inventory (rewrite it with \`${REGENERATE}\`)`, () => {
  const document = fs.readFileSync(path.join(process.cwd(), 'docs/privacy.md'), 'utf8');
  const between = new RegExp(`${INVENTORY_START}\\n([\\s\\S]*?)\\n${INVENTORY_END}`).exec(document);
  expect(between?.[1]).toBe(renderInventory());
});

it('names the purge\'s rules and the settings with their defaults as lib/config/schema.ts has them', () => {
  expect(Object.keys(RETENTION_RULES).sort()).toEqual([...PURGE_RULES].sort());
  const defaults = envSchema.parse({});
  for (const [rule, { setting, period }] of Object.entries(RETENTION_RULES)) {
    if (!setting) continue;
    const value = (defaults as Record<string, unknown>)[setting];
    expect({ rule, setting, known: typeof value === 'number' }).toEqual({ rule, setting, known: true });
    expect({ rule, period }).toEqual({ rule, period: value === 0 ? expect.stringContaining('off by default') : expect.stringContaining(`default ${value}`) });
  }
});

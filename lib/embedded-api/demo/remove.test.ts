import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAssessments } from '@/lib/admin/assessments';
import { loadConfig } from '@/lib/config';
import { captureOutput } from '@/lib/log/captureOutput';
import { startEmbeddedApi } from '../index';
import { createPortal, parsePrice } from '@/lib/admin/portals';
import type { Database } from '../db/database';
import { migrate } from '../db/migrations';
import { openTestDatabase } from '../db/testDatabase';
import { DEMO_GROUP_CODES } from './groupRows';
import { removeDemo } from './remove';
import { DEMO_ASSESSMENTS } from './rows';
import { seedDemoIfEmpty } from './seed';

/**
 * A start outside demo mode takes the demo's public codes out of the database and leaves the
 * operator's own rows alone; a demo portal that money records name keeps its records but sells
 * nothing any more.
 */
let db: Database;

beforeEach(async () => {
  db = await openTestDatabase();
  await migrate(db);
});
afterEach(async () => {
  await db.close();
});

const count = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(`select count(*)::int as n from (${sql}) counted`, params))[0]!.n;

it('removes every demo assessment, group code (with its participants) and portal; the operator\'s rows stay', async () => {
  await seedDemoIfEmpty(db);
  // An operator's own rows next to the demo: an assessment, and a portal that gets the next id.
  const [own] = await createAssessments(db, { questionnaireKey: DEMO_ASSESSMENTS[0]!.questionnaireKey, publicUrl: 'https://assess.example' });
  const ownPortal = await createPortal(db, { productText: 'Eigenes Produkt', price: parsePrice('99,00'), ident: 'OWNPORTAL1', publicUrl: 'https://assess.example' });
  // A participant who joined a demo group code.
  const [group] = await db.query<{ id: number }>('select id from group_code where upper(code) = upper($1)', [DEMO_GROUP_CODES[0]!.code]);
  const [assessor] = await db.query<{ id: number }>('insert into assessor (is_registered, must_register) values (false, false) returning id');
  await db.query('insert into group_member (group_code_id, assessor_id, access_code) values ($1, $2, $3)', [group!.id, assessor!.id, 'DEMOMEMBER1']);

  expect(await count('select 1 from assessment where ident_code = any($1)', [DEMO_ASSESSMENTS.map((a) => a.identCode)])).toBe(DEMO_ASSESSMENTS.length);
  const removed = await removeDemo(db);

  expect(removed).toEqual({ assessments: DEMO_ASSESSMENTS.length, groups: DEMO_GROUP_CODES.length, portals: 2, portalsWithoutPrice: 0 });
  expect(await count('select 1 from assessment where ident_code = any($1)', [DEMO_ASSESSMENTS.map((a) => a.identCode)])).toBe(0);
  expect(await count('select 1 from group_code')).toBe(0);
  expect(await count('select 1 from group_member')).toBe(0);
  expect(await count('select 1 from assessor where id = $1', [assessor!.id])).toBe(0);
  expect(await count('select 1 from assessment where ident_code = $1', [own!.identCode])).toBe(1);
  expect(await db.query('select id, group_code_ident from portal')).toEqual([{ id: ownPortal.id, group_code_ident: 'OWNPORTAL1' }]);
  // Nothing left to remove on the next start.
  expect(await removeDemo(db)).toEqual({ assessments: 0, groups: 0, portals: 0, portalsWithoutPrice: 0 });
});

it('an operator portal with a demo portal\'s id (the demo never ran) is not a demo portal', async () => {
  const ownPortal = await createPortal(db, { productText: 'Eigenes Produkt', price: parsePrice('99,00'), ident: 'OWNPORTAL1', publicUrl: 'https://assess.example' });
  expect(ownPortal.id).toBe(1);
  expect(await removeDemo(db)).toEqual({ assessments: 0, groups: 0, portals: 0, portalsWithoutPrice: 0 });
  expect(await count('select 1 from portal where id = 1 and price_cents = 9900')).toBe(1);
});

it('a demo portal with transactions keeps them (records of money) and loses its price, so it sells nothing', async () => {
  await seedDemoIfEmpty(db);
  await db.query(
    `insert into portal_transaction (id, portal_id, invoice_is_private, invoice_name, invoice_street, invoice_city, invoice_email, product_text, price_cents, ui_language, data_privacy_accepted_at, client_address, created_at)
     values ('PT-DEMO-1', 1, true, 'Erika Muster', 'Hauptstraße 1', '10115 Berlin', 'erika@example.org', 'Kompetenzanalyse Online', 34567, 'de-DE', now(), '192.0.2.1', now())`,
  );
  expect(await removeDemo(db)).toMatchObject({ portals: 1, portalsWithoutPrice: 1 });
  expect(await db.query('select id, price_cents from portal')).toEqual([{ id: 1, price_cents: null }]);
  expect(await count("select 1 from portal_transaction where id = 'PT-DEMO-1'")).toBe(1);
});

describe('what a start puts into the database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-mode-'));
  const start = (env: Record<string, string>) =>
    startEmbeddedApi(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'd'.repeat(40), ...env }));
  const demoRows = async (api: Awaited<ReturnType<typeof startEmbeddedApi>>) => ({
    groupCodes: (await api.db.query('select code from group_code')).length,
    portals: (await api.db.query('select id from portal')).length,
    assessments: (await api.db.query('select id from assessment')).length,
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('outside demo mode none of the demo; DEMO_MODE=on creates it (and opens the database again after writing it); the next start without it removes it and says so', async () => {
    let api = await start({});
    expect(await demoRows(api)).toEqual({ groupCodes: 0, portals: 0, assessments: 0 });
    await api.close();

    // The start that writes the demo opens the database again (its writes grew PGlite's memory); one that finds it does not.
    const reopened = async (env: Record<string, string>) => {
      const output = captureOutput();
      try {
        api = await start(env);
      } finally {
        output.restore();
      }
      return output.events().filter((event) => event.event === 'database_reopened').length;
    };
    expect(await reopened({ DEMO_MODE: 'on' })).toBe(1);
    expect(await demoRows(api)).toEqual({ groupCodes: DEMO_GROUP_CODES.length, portals: 2, assessments: DEMO_ASSESSMENTS.length });
    await api.close();
    expect(await reopened({ DEMO_MODE: 'on' })).toBe(0);
    expect(await demoRows(api)).toEqual({ groupCodes: DEMO_GROUP_CODES.length, portals: 2, assessments: DEMO_ASSESSMENTS.length });
    await api.close();

    const logged = captureOutput();
    try {
      api = await start({});
    } finally {
      logged.restore();
    }
    expect(await demoRows(api)).toEqual({ groupCodes: 0, portals: 0, assessments: 0 });
    await api.close();
    const events = logged.events().filter((event) => event.event === 'demo_data_removed');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ level: 'warn', assessments: DEMO_ASSESSMENTS.length, groups: DEMO_GROUP_CODES.length, portals: 2 });
  }, 120_000);
});

import fs from 'node:fs';
import { createTestStore, type TestStore } from '@/lib/embedded-api/db/testDatabase';
import { EXIT } from '../command';
import { runAdmin } from '../main';
import { latestAudit } from '../operators/audit';
import { setPasswordWithLink, setupLinkHolder } from '../operators/operators';
import { sessionOf, startSession } from '../operators/sessions';
import { envFor, recorder, tempDataDir, withDb } from '../testSupport';
import { closeSharedFolders } from '../oneOpenPerSuite';

jest.mock('@/lib/embedded-api/db/database', () => jest.requireActual('../oneOpenPerSuite').databaseModule());

const dataDir = tempDataDir();
let store: TestStore;
let env: Record<string, string>;
const LIMITS = { idleMinutes: 30, maxHours: 12 };

beforeAll(async () => {
  store = await createTestStore();
  env = envFor(dataDir, store);
}, 120_000);

afterAll(async () => {
  await closeSharedFolders();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await store.remove();
});

async function run(...argv: string[]) {
  const io = recorder(env);
  const code = await runAdmin(argv, io);
  return { code, out: io.text(), err: io.stderr.join('\n') };
}

function tokenOf(link: string): string {
  const url = new URL(link.trim());
  expect(`${url.origin}${url.pathname}`).toBe('https://assess.example/admin/setup');
  return url.searchParams.get('token')!;
}

describe('operator create', () => {
  it('prints a one-time setup link for the new operator, and the audit log names who created whom', async () => {
    const created = await run('operator', 'create', '--email', ' Anna@Example.org ', '--role', 'owner');
    expect(created.code).toBe(EXIT.ok);
    expect(created.err).toContain('Created owner anna@example.org.');
    const token = tokenOf(created.out);
    await withDb(env, async ({ db }) => {
      expect(await setupLinkHolder(db, token)).toMatchObject({ email: 'anna@example.org', role: 'owner', hasPassword: false });
      expect(await setPasswordWithLink(db, token, 'correct horse battery')).toMatchObject({ email: 'anna@example.org', hasPassword: true });
      // Used up: the same link sets nothing a second time.
      expect(await setupLinkHolder(db, token)).toBeUndefined();
      expect(await setPasswordWithLink(db, token, 'another password!')).toBeUndefined();
      const [row] = await latestAudit(db, 1);
      expect(row).toMatchObject({ action: 'operator create', subject: 'anna@example.org', details: { role: 'owner' }, operator: expect.stringMatching(/^command line: /) });
      expect(JSON.stringify(await latestAudit(db, 10))).not.toContain(token);
    });
  });

  it('refuses a taken address, a wrong role and a missing address, changing nothing', async () => {
    expect(await run('operator', 'create', '--email', 'anna@example.org')).toMatchObject({ code: EXIT.failure, err: expect.stringContaining('exists already') });
    expect(await run('operator', 'create', '--email', 'bob@example.org', '--role', 'admin')).toMatchObject({ code: EXIT.usage, err: expect.stringContaining("--role must be one of owner, viewer, not 'admin'") });
    expect(await run('operator', 'create', '--role', 'owner')).toMatchObject({ code: EXIT.usage, err: expect.stringContaining('--email is required') });
    expect(await run('operator', 'create', '--email', 'not an address')).toMatchObject({ code: EXIT.failure, err: expect.stringContaining('is not an e-mail address') });
    expect((await run('operator', 'list')).out).not.toContain('bob@');
  });

  it('makes a viewer by default', async () => {
    expect((await run('operator', 'create', '--email', 'vera@example.org')).code).toBe(EXIT.ok);
    expect((await run('operator', 'list')).out).toMatch(/^vera@example\.org\tviewer\twaiting for setup\t0 passkeys\t/m);
  });
});

describe('operator disable and reset', () => {
  it('disable ends the sessions at once; reset enables again with a new link, and older links stop working', async () => {
    const first = tokenOf((await run('operator', 'create', '--email', 'carl@example.org', '--role', 'owner')).out);
    const cookie = await withDb(env, async ({ db }) => {
      const operator = await setPasswordWithLink(db, first, 'carl carl carl carl');
      return startSession(db, operator!.id, LIMITS);
    });
    await withDb(env, async ({ db }) => expect(await sessionOf(db, cookie, LIMITS)).toMatchObject({ email: 'carl@example.org', role: 'owner' }));

    expect(await run('operator', 'disable', '--email', 'carl@example.org')).toMatchObject({ code: EXIT.ok, err: expect.stringContaining('sessions have ended') });
    await withDb(env, async ({ db }) => expect(await sessionOf(db, cookie, LIMITS)).toBeUndefined());
    expect((await run('operator', 'list')).out).toMatch(/^carl@example\.org\towner\tdisabled\t/m);

    const second = tokenOf((await run('operator', 'reset', '--email', 'carl@example.org')).out);
    expect((await run('operator', 'list')).out).toMatch(/^carl@example\.org\towner\twaiting for setup\t/m);
    const third = tokenOf((await run('operator', 'reset', '--email', 'carl@example.org')).out);
    await withDb(env, async ({ db }) => {
      expect(await setupLinkHolder(db, second)).toBeUndefined();
      expect(await setupLinkHolder(db, third)).toMatchObject({ email: 'carl@example.org' });
      const actions = (await latestAudit(db, 3)).map((row) => `${row.action} ${row.subject}`);
      expect(actions).toEqual(['operator reset carl@example.org', 'operator reset carl@example.org', 'operator disable carl@example.org']);
    });
  });

  it('names an unknown address', async () => {
    expect(await run('operator', 'disable', '--email', 'nobody@example.org')).toMatchObject({ code: EXIT.failure, err: 'operator disable: no operator has the e-mail address nobody@example.org; nothing was changed.' });
    expect(await run('operator', 'reset', '--email', 'nobody@example.org')).toMatchObject({ code: EXIT.failure });
  });

  it('a setup link expires after 24 hours', async () => {
    const token = tokenOf((await run('operator', 'create', '--email', 'late@example.org')).out);
    const later = new Date(Date.now() + 24 * 3600_000 + 1000);
    await withDb(env, async ({ db }) => {
      expect(await setupLinkHolder(db, token, later)).toBeUndefined();
      expect(await setPasswordWithLink(db, token, 'twelve chars!', later)).toBeUndefined();
    });
  });
});

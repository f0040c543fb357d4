import fs from 'node:fs';
import path from 'node:path';
import { createTestStore, type TestStore } from '@/lib/embedded-api/db/testDatabase';
import { EXIT } from '../command';
import { runAdmin } from '../main';
import { LOGO_MAX_BYTES } from '../logoImage';
import { envFor, recorder, tempDataDir, withDb } from '../testSupport';
import { tinyPng } from '../testImages';
import { closeSharedFolders } from '../oneOpenPerSuite';

// The commands' opens of the data folder share one open database for the suite (oneOpenPerSuite.ts).
jest.mock('@/lib/embedded-api/db/database', () => jest.requireActual('../oneOpenPerSuite').databaseModule());

const dataDir = tempDataDir();
const files = tempDataDir('branding-files-');
let store: TestStore;
let env: Record<string, string>;

beforeAll(async () => {
  store = await createTestStore();
  env = envFor(dataDir, store);
}, 60_000);

afterAll(async () => {
  await closeSharedFolders();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(files, { recursive: true, force: true });
  await store.remove();
});

function file(name: string, bytes: Uint8Array | string): string {
  const target = path.join(files, name);
  fs.writeFileSync(target, bytes);
  return target;
}

async function admin(...args: string[]) {
  const io = recorder(env);
  const code = await runAdmin(args, io);
  return { code, out: io.text(), err: io.stderr.join('\n') };
}

const auditRows = () => withDb(env, ({ db }) => db.query<{ operator: string; action: string; subject: string; details: Record<string, unknown> }>('select operator, action, subject, details from operator_audit order by id'));

describe('branding show and set', () => {
  it('shows the default before any change', async () => {
    expect(await admin('branding', 'show')).toEqual({ code: EXIT.ok, out: 'theme\tdefault\nlogo\tnone (the bundled one)\n', err: '' });
  });

  it('sets a logo and a theme, prints them, and writes the audit row without the image', async () => {
    const logo = file('logo.png', tinyPng(24, 8));
    const set = await admin('branding', 'set', '--logo', logo, '--theme', 'green');
    expect(set.err).toBe('Changed: theme, logo.');
    expect(set.code).toBe(EXIT.ok);
    expect(set.out).toMatch(/^theme\tgreen\nlogo\tPNG, 24 × 8 pixels, 0\.\d KB\n$/);
    expect((await admin('branding', 'show')).out).toBe(set.out);
    const [row] = await auditRows();
    expect(row).toMatchObject({ action: 'branding set', subject: 'theme, logo', details: { theme: 'green', logoType: 'png', logoWidth: 24, logoHeight: 8 } });
    expect(row!.operator).toMatch(/^command line: /);
  });

  it.each([
    ['an SVG', 'logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'SVG is not accepted as a logo, as it can carry scripts and links. Please upload a PNG or JPEG.'],
    ['a GIF named .png', 'logo.png', 'GIF89a\x01\x00\x01\x00', 'This file is neither a PNG nor a JPEG image. Please upload a PNG or JPEG.'],
    ['a file over the limit', 'big.png', 'x'.repeat(LOGO_MAX_BYTES + 1), 'The file has 16.1 KB; a logo may have at most 16 KB.'],
  ])('refuses %s with exit 1, and nothing changes', async (_name, name, content, message) => {
    const before = (await admin('branding', 'show')).out;
    const refused = await admin('branding', 'set', '--logo', file(name, content), '--theme', 'dark-blue');
    expect(refused).toMatchObject({ code: EXIT.failure, out: '' });
    expect(refused.err).toBe(`${path.join(files, name)}: ${message} Nothing was changed.`);
    expect((await admin('branding', 'show')).out).toBe(before);
    expect(await auditRows()).toHaveLength(1);
  });

  it.each([
    [['--theme', 'purple'], "--theme must be one of default, portal, green, dark-blue, not 'purple'"],
    [[], 'name --logo, --remove-logo or --theme'],
    [['--logo', 'x.png', '--remove-logo'], '--logo and --remove-logo exclude each other'],
    [['--logo', '/nonexistent/logo.png'], "'/nonexistent/logo.png' is no file"],
  ])('%j is a usage error', async (args, message) => {
    const refused = await admin('branding', 'set', ...args);
    expect(refused.code).toBe(EXIT.usage);
    expect(refused.err).toContain(message);
  });

  it('removes the logo, keeping the theme; then there is nothing to remove', async () => {
    const removed = await admin('branding', 'set', '--remove-logo');
    expect(removed).toMatchObject({ code: EXIT.ok, out: 'theme\tgreen\nlogo\tnone (the bundled one)\n', err: 'Changed: logo removed.' });
    expect((await auditRows()).at(-1)).toMatchObject({ subject: 'logo removed' });
    expect(await admin('branding', 'set', '--remove-logo')).toMatchObject({ code: EXIT.failure, err: 'There is no logo of your own to remove.' });
  });
});

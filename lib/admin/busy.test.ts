import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { LOCK_FILE } from '@/lib/embedded-api/db/folderLock';
import { EXIT } from './command';
import { runAdmin } from './main';
import { envFor, insertQuestionnaire, recorder, tempDataDir, withDb } from './testSupport';

const BIN = path.join(process.cwd(), 'lib/admin/bin.mjs');
const HOLD = path.join(process.cwd(), 'lib/embedded-api/db/fixtures/holdFolder.mjs');

const COMMANDS = [
  ['assessment', 'create', '--questionnaire', 'team-check', '--count', '2'],
  ['assessment', 'list'],
  ['export', '--questionnaire', 'team-check'],
  ['demo', 'reset'],
];

const dataDir = tempDataDir('admin-busy-');
const env = envFor(dataDir);
/** The spawned command line gets only what it needs, not this process's environment. */
const childEnv: NodeJS.ProcessEnv = { ...env, NODE_ENV: 'test' };

beforeAll(async () => {
  await withDb(env, (opened) => insertQuestionnaire(opened, 'team-check', 1));
}, 60_000);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Every file of the PGlite folder with its size and modification time. */
function snapshot(folder: string): string[] {
  return fs.readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      const stat = fs.statSync(full);
      return `${path.relative(folder, full)} ${stat.size} ${stat.mtimeMs}`;
    })
    .sort();
}

describe('while the app holds the PGlite folder', () => {
  let app: ChildProcess;
  let appPid: number;
  let exited: Promise<unknown>;

  beforeAll(async () => {
    app = spawn(process.execPath, [HOLD, dataDir, 'app', '0'], { cwd: process.cwd() });
    exited = new Promise((resolve) => app.once('exit', resolve));
    const line = await new Promise<string>((resolve) => readline.createInterface({ input: app.stdout! }).once('line', resolve));
    expect(line).toMatch(/^open \d+$/);
    appPid = Number(line.split(' ')[1]);
  }, 120_000);

  afterAll(async () => {
    app.kill('SIGKILL');
    await exited;
  });

  it.each(COMMANDS.map((args) => [args.slice(0, 2).join(' ').replace(/ --.*/, ''), args]))('%s refuses with EXIT.busy, saying who holds it and how to proceed', async (_name, args) => {
    const io = recorder(env);
    expect(await runAdmin(args, io)).toBe(EXIT.busy);
    expect(io.stdout).toEqual([]);
    const message = io.stderr.join('\n');
    expect(message).toContain(`the database folder ${dataDir} is held by the app (pid ${appPid} on host ${os.hostname()}`);
    expect(message).toContain('nothing was done');
    expect(message).toContain('stop the app and run the command again, or run the app and the command line on PostgreSQL (set DATABASE_URL)');
  });

  it('the real command line exits with 3, stdout empty, one message on stderr and no stack trace', () => {
    const result = spawnSync(process.execPath, [BIN, 'assessment', 'list'], { env: childEnv, encoding: 'utf8' });
    expect(result.status).toBe(EXIT.busy);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^assessment list: the database folder .* is held by the app \(pid \d+/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});

describe('a refused command touches nothing', () => {
  it('leaves every file of the folder as it was', async () => {
    // The app's lock, held by a live process that does not write, so that any change would be the command's.
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)']);
    try {
      fs.writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ role: 'app', pid: sleeper.pid, host: os.hostname(), since: new Date().toISOString(), nonce: 'n' }));
      const before = snapshot(dataDir);
      for (const args of COMMANDS) expect(await runAdmin(args, recorder(env))).toBe(EXIT.busy);
      expect(snapshot(dataDir)).toEqual(before);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });
});

describe('the real command line', () => {
  it('prints CSV on stdout and the warning on stderr, exit 0', () => {
    fs.rmSync(path.join(dataDir, LOCK_FILE), { force: true });
    const result = spawnSync(process.execPath, [BIN, 'assessment', 'create', '--questionnaire', 'team-check', '--count', '2'], {
      env: childEnv, encoding: 'utf8', cwd: os.tmpdir(),
    });
    expect(result.status).toBe(EXIT.ok);
    expect(result.stdout).toMatch(/^ident_code,access_code,deep_link\r\n([A-Z2-9]{9},[A-Z2-9]{12},https:\/\/assess\.example\/home\/[A-Z2-9]{9}\r\n){2}$/);
    expect(result.stderr).toContain('Warning: access codes are shown only this once');
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 60_000);

  it('exits with 2 for an unknown option', () => {
    const result = spawnSync(process.execPath, [BIN, 'export', '--questionnaire', 'team-check', '--formt', 'json'], { env: childEnv, encoding: 'utf8' });
    expect(result.status).toBe(EXIT.usage);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("export: unknown option '--formt'");
  }, 60_000);
});

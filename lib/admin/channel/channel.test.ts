import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@/lib/config';
import type { Database } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { openTestDatabase } from '@/lib/embedded-api/db/testDatabase';
import { EXIT } from '../command';
import { runCommandsOn } from '../database';
import { runAdmin } from '../main';
import { recorder } from '../testSupport';
import { runInApp } from './client';
import { startAdminChannel, type AdminChannel } from './server';
import { adminSocketPath } from './socket';

/**
 * The admin channel (issue 30, point 1): a command handed to the running app over its socket prints
 * what a local run prints, asks what it asks, ends with the same exit code, and writes the files it
 * names where the operator ran it. Only the folder's owner can reach the socket.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'channel-'));
const env = { DATA_DIR: dataDir, SESSION_SECRET: 's'.repeat(40), PUBLIC_URL: 'https://assess.example' };
let db: Database;
let channel: AdminChannel;

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  runCommandsOn({ db, config: loadConfig(env) });
  channel = (await startAdminChannel(dataDir, env, runAdmin))!;
}, 60_000);

afterAll(async () => {
  await channel?.stop();
  runCommandsOn(undefined);
  await db?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a command through the running app', () => {
  it('listens on a socket only the folder\'s owner can reach', () => {
    expect(channel.path).toBe(adminSocketPath(dataDir));
    expect(fs.statSync(path.dirname(channel.path)).mode & 0o777).toBe(0o700);
    expect(fs.statSync(channel.path).mode & 0o777).toBe(0o600);
  });

  it('prints what the command prints, with its exit code, on the app\'s database', async () => {
    await db.query("insert into mail_outbox (kind, language, sender, recipient, subject, body) values ('accessCode', 'de-DE', 'x@example.org', 'kanal@example.org', 'Code', 'Hallo')");
    const io = recorder(env);
    expect(await runInApp(channel.path, ['outbox', 'list'], io, process.cwd())).toBe(EXIT.ok);
    expect(io.text()).toContain('kanal@example.org');
    expect(io.stderr).toEqual(['1 mails in the outbox.']);
  });

  it('a usage error comes back as the local run says it, exit 2', async () => {
    const io = recorder(env);
    expect(await runInApp(channel.path, ['outbox', 'show'], io, process.cwd())).toBe(EXIT.usage);
    expect(io.stderr[0]).toMatch(/^outbox show: the id of a mail is required/);
  });

  it('asks the operator at their terminal, and acts on their answer', async () => {
    await db.query("insert into assessor (first_name, email) values ('Kanal', 'kanal@example.org')");
    const io = { ...recorder(env), ask: jest.fn(async () => 'yes') };
    expect(await runInApp(channel.path, ['privacy', 'erase', '--email', 'kanal@example.org'], io, process.cwd())).toBe(EXIT.ok);
    expect(io.ask).toHaveBeenCalledWith('Erase this for good? Type yes to erase: ');
    expect(io.stdout).toEqual(['Erased: assessor 1, mail_outbox 1.']);
    expect(await db.query("select 1 from assessor where email = 'kanal@example.org'")).toEqual([]);
  });

  it('without a terminal the command knows it cannot ask', async () => {
    const io = recorder(env);
    expect(await runInApp(channel.path, ['privacy', 'erase', '--email', 'nobody@example.org'], io, process.cwd())).toBe(EXIT.usage);
    expect(io.stderr[0]).toMatch(/erasing asks for confirmation: run it in a terminal, or add --yes/);
  });

  it('writes a file it names where the operator ran it, not in the app\'s folder', async () => {
    const operatorFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'operator-'));
    try {
      const io = recorder(env);
      expect(await runInApp(channel.path, ['privacy', 'audit'], io, operatorFolder)).toBe(EXIT.ok);
      const exported = recorder(env);
      await db.query("insert into questionnaire (key, version, checksum, definition) values ('kanal', 1, 'sum', '{}')");
      expect(await runInApp(channel.path, ['export', '--questionnaire', 'kanal', '--output', 'answers.csv'], exported, operatorFolder)).toBe(EXIT.ok);
      expect(fs.existsSync(path.join(operatorFolder, 'answers.csv'))).toBe(true);
      expect(fs.existsSync(path.join(process.cwd(), 'answers.csv'))).toBe(false);
    } finally {
      fs.rmSync(operatorFolder, { recursive: true, force: true });
    }
  });
});

describe('no app', () => {
  it('nothing listens (the app is stopped): the command line runs the command itself', async () => {
    expect(await runInApp(path.join(dataDir, 'nothing-here.sock'), ['outbox', 'list'], recorder(env), process.cwd())).toBe('no app');
  });

  it('a socket a killed app left behind is replaced by the next app\'s', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'channel-stale-'));
    try {
      const socketPath = adminSocketPath(folder);
      fs.mkdirSync(path.dirname(socketPath), { recursive: true });
      const dead = net.createServer();
      await new Promise<void>((resolve) => dead.listen(socketPath, () => resolve()));
      // A killed process leaves the file but nobody listening.
      await new Promise<void>((resolve) => dead.close(() => resolve()));
      fs.writeFileSync(socketPath, '');
      const next = await startAdminChannel(folder, env, runAdmin);
      expect(next?.path).toBe(socketPath);
      await next?.stop();
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

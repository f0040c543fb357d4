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
import { encode, lineReader, type ToCommandLine } from './protocol';
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

describe('a file the command writes', () => {
  it('is written by the command line from the bytes the app sends, never by the app', async () => {
    const operatorFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'operator-'));
    try {
      await db.query("insert into questionnaire (key, version, checksum, definition) values ('bytes', 1, 'sum', '{}') on conflict do nothing");
      // A command line that says where it put the file and keeps the bytes, writing nothing.
      const socket = net.connect(channel.path);
      const received: ToCommandLine[] = [];
      const exit = new Promise<number>((resolve) => {
        socket.on('data', lineReader<ToCommandLine>((message) => {
          received.push(message);
          if ('open' in message || 'close' in message) socket.write(encode({ fileDone: '/where/the/operator/is/answers.csv' }));
          if ('exit' in message) resolve(message.exit);
        }));
      });
      socket.write(encode({ argv: ['export', '--questionnaire', 'bytes', '--output', 'answers.csv'], cwd: operatorFolder, interactive: false, receivesFiles: true }));
      expect(await exit).toBe(EXIT.ok);
      socket.destroy();
      expect(received[0]).toEqual({ open: { file: 'answers.csv', replace: true } });
      const bytes = received.flatMap((message) => ('bytes' in message ? [Buffer.from(message.bytes, 'base64')] : []));
      expect(Buffer.concat(bytes).toString('utf8')).toMatch(/^ident_code,questionnaire_key,/);
      expect(received).toContainEqual({ close: 'commit' });
      expect(received).toContainEqual({ err: 'Exported 0 answer items of 0 participants (questionnaire bytes) to /where/the/operator/is/answers.csv.' });
      expect(fs.readdirSync(operatorFolder)).toEqual([]);
    } finally {
      fs.rmSync(operatorFolder, { recursive: true, force: true });
    }
  });

  it('an app that goes away mid-file leaves no file behind, and the command line says the command did not finish', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'channel-gone-'));
    const operatorFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'operator-'));
    // An app that opens the file, sends some bytes, and stops.
    const app = net.createServer((socket) => {
      socket.write(encode({ open: { file: 'half.tar.gz', replace: false } }));
      socket.on('data', lineReader<{ fileDone?: string }>((reply) => {
        if (reply.fileDone) socket.end(encode({ bytes: Buffer.from('half a backup').toString('base64') }));
      }));
    });
    const socketPath = path.join(folder, 'app.sock');
    await new Promise<void>((resolve) => app.listen(socketPath, () => resolve()));
    try {
      const io = recorder(env);
      expect(await runInApp(socketPath, ['backup', '--output', 'half.tar.gz'], io, operatorFolder)).toBe(EXIT.failure);
      expect(io.stderr).toEqual(['The running app ended the command before it finished (the app stopped?).']);
      expect(fs.readdirSync(operatorFolder)).toEqual([]);
    } finally {
      await new Promise((resolve) => app.close(resolve));
      fs.rmSync(folder, { recursive: true, force: true });
      fs.rmSync(operatorFolder, { recursive: true, force: true });
    }
  });

  it('writes no file but the one the operator named, whatever the app asks', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'channel-other-'));
    const operatorFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'operator-'));
    const replies: unknown[] = [];
    // An app (or whoever holds its socket) that asks for another file than the one named.
    const app = net.createServer((socket) => {
      socket.write(encode({ open: { file: 'elsewhere.sh', replace: true } }));
      socket.on('data', lineReader<Record<string, unknown>>((reply) => {
        if ('argv' in reply) return;
        replies.push(reply);
        socket.end(encode({ exit: 0 }));
      }));
    });
    const socketPath = path.join(folder, 'app.sock');
    await new Promise<void>((resolve) => app.listen(socketPath, () => resolve()));
    try {
      await runInApp(socketPath, ['export', '--questionnaire', 'x', '--output', 'named.csv'], recorder(env), operatorFolder);
      expect(replies).toEqual([{ fileFailed: 'the running app asked to write elsewhere.sh, which this command line did not name; nothing was written', usage: false }]);
      expect(fs.readdirSync(operatorFolder)).toEqual([]);
    } finally {
      await new Promise((resolve) => app.close(resolve));
      fs.rmSync(folder, { recursive: true, force: true });
      fs.rmSync(operatorFolder, { recursive: true, force: true });
    }
  });

  it('a command line that goes away mid-file ends the command in the app, with a failure', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'channel-away-'));
    let ended: (code: number) => void;
    const commandEnded = new Promise<number>((resolve) => (ended = resolve));
    const watched = await startAdminChannel(folder, env, async (argv, io) => {
      const code = await runAdmin(argv, io);
      ended(code);
      return code;
    });
    try {
      const socket = net.connect(watched!.path);
      socket.on('data', lineReader<ToCommandLine>((message) => {
        if ('open' in message) socket.write(encode({ fileDone: '/nowhere/answers.csv' }));
        if ('bytes' in message) socket.destroy();
      }));
      await db.query("insert into questionnaire (key, version, checksum, definition) values ('away', 1, 'sum', '{}')");
      socket.write(encode({ argv: ['export', '--questionnaire', 'away', '--output', 'answers.csv'], cwd: os.tmpdir(), interactive: false, receivesFiles: true }));
      expect(await commandEnded).toBe(EXIT.failure);
    } finally {
      await watched?.stop();
      fs.rmSync(folder, { recursive: true, force: true });
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

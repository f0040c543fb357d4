import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { UsageError, type Io } from '../command';
import type { FileOptions, Sink } from '../output';
import { encode, lineReader, type FileReply, type ToApp, type ToCommandLine } from './protocol';
import { adminSocketPath, MAX_SOCKET_PATH } from './socket';

export type RunCommand = (argv: string[], io: Io) => Promise<number>;
export type AdminChannel = { path: string; stop(): Promise<void> };

/**
 * Listens for admin commands in the running app (PGlite holds its folder, so the command line
 * cannot open it): each connection is one command, run by `run` with an Io whose output goes back
 * over the socket. A socket left by an app that was killed is replaced; one that answers belongs to
 * another app, and this one does not listen (the folder lock refuses two apps anyway).
 */
export async function startAdminChannel(dataDir: string, env: Record<string, string | undefined>, run: RunCommand): Promise<AdminChannel | undefined> {
  const socketPath = adminSocketPath(dataDir);
  if (socketPath.length > MAX_SOCKET_PATH) return undefined;
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(socketPath), 0o700);
  if (fs.existsSync(socketPath)) {
    if (await answers(socketPath)) return undefined;
    fs.rmSync(socketPath, { force: true });
  }
  const server = net.createServer((socket) => serve(socket, env, run));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

function serve(socket: net.Socket, env: Record<string, string | undefined>, run: RunCommand): void {
  let started = false;
  let answer: ((text: string) => void) | undefined;
  const send = (message: ToCommandLine) => {
    if (!socket.destroyed) socket.write(encode(message));
  };
  const files = remoteFiles(socket, send);
  socket.on('error', () => undefined);
  socket.on(
    'data',
    lineReader<ToApp>((message) => {
      if ('answer' in message) {
        answer?.(message.answer);
        answer = undefined;
        return;
      }
      if ('fileDone' in message || 'fileFailed' in message) return files.replied(message);
      if (started) return;
      started = true;
      const io: Io = {
        out: (text) => send({ out: text }),
        err: (text) => send({ err: text }),
        env,
        cwd: message.cwd,
        ...(message.interactive && {
          ask: (question: string) =>
            new Promise<string>((resolve) => {
              answer = resolve;
              send({ ask: question });
            }),
        }),
        ...(message.receivesFiles && { openFile: files.open }),
      };
      // runAdmin answers every command's failure itself; what escapes it still reaches the operator as one line.
      void run(message.argv, io)
        .catch((error: unknown) => {
          send({ err: `the running app could not run the command: ${error instanceof Error ? error.message : String(error)}` });
          return 1;
        })
        .then((exit) => {
          send({ exit });
          socket.end();
        });
    }),
  );
}

/**
 * A file the operator named, written by their command line (client.ts) from the bytes sent here:
 * each chunk waits while the socket is behind, so a large backup never queues up in the app's
 * memory. The command line going away fails the step waiting for it, and so the command.
 */
function remoteFiles(socket: net.Socket, send: (message: ToCommandLine) => void) {
  let waiting: ((reply: FileReply | undefined) => void) | undefined;
  socket.once('close', () => waiting?.(undefined));
  const gone = () => new Error('the command line went away before the file was written');
  const nextReply = () =>
    new Promise<FileReply>((resolve, reject) => {
      if (socket.destroyed) return reject(gone());
      waiting = (reply) => {
        waiting = undefined;
        if (reply) resolve(reply);
        else reject(gone());
      };
    });
  const failure = (reply: FileReply): Error | undefined => {
    if (!('fileFailed' in reply)) return undefined;
    return reply.usage ? new UsageError(reply.fileFailed) : new Error(reply.fileFailed);
  };
  const step = async (message: ToCommandLine): Promise<string> => {
    const replied = nextReply();
    send(message);
    const reply = await replied;
    const failed = failure(reply);
    if (failed) throw failed;
    return (reply as { fileDone: string }).fileDone;
  };
  const open = async (file: string, options: FileOptions): Promise<Sink> => {
    const describe = await step({ open: { file, replace: options.replace ?? true } });
    return {
      describe,
      write: async (chunk) => {
        if (socket.destroyed) throw gone();
        if (socket.write(encode({ bytes: (typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)).toString('base64') }))) return;
        await new Promise<void>((resolve) => {
          const done = () => {
            socket.off('drain', done);
            socket.off('close', done);
            resolve();
          };
          socket.on('drain', done);
          socket.on('close', done);
        });
      },
      commit: async () => {
        await step({ close: 'commit' });
      },
      abort: async () => {
        await step({ close: 'abort' }).catch(() => undefined);
      },
    };
  };
  return { open, replied: (reply: FileReply) => waiting?.(reply) };
}

/** Whether something listens on the socket (a live app), within a second. */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath);
    const done = (alive: boolean) => {
      probe.destroy();
      resolve(alive);
    };
    probe.once('connect', () => done(true));
    probe.once('error', () => done(false));
    probe.setTimeout(1000, () => done(false));
  });
}

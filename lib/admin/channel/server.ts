import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Io } from '../command';
import { encode, lineReader, type ToApp } from './protocol';
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
  const send = (message: Parameters<typeof encode>[0]) => {
    if (!socket.destroyed) socket.write(encode(message));
  };
  socket.on('error', () => undefined);
  socket.on(
    'data',
    lineReader<ToApp>((message) => {
      if ('answer' in message) {
        answer?.(message.answer);
        answer = undefined;
        return;
      }
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

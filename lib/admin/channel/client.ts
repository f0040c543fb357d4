import net from 'node:net';
import path from 'node:path';
import { UsageError, type Io } from '../command';
import { fileSink, type Sink } from '../output';
import { encode, lineReader, type FileReply, type ToCommandLine } from './protocol';

/**
 * Hands a command to the running app over its admin socket and shows what it prints, its questions
 * and its exit code as a local run would. 'no app' when nothing listens there (the app is stopped,
 * or a killed app left its socket): the command line then runs the command itself.
 */
export function runInApp(socketPath: string, argv: string[], io: Io, cwd: string): Promise<number | 'no app'> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    let connected = false;
    let exit: number | undefined;
    const files = fileWriter(socket, cwd, namedOutputs(argv));
    socket.once('connect', () => {
      connected = true;
      socket.write(encode({ argv, cwd, interactive: Boolean(io.ask), receivesFiles: true }));
    });
    socket.on(
      'data',
      lineReader<ToCommandLine>((message) => {
        if ('out' in message) io.out(message.out);
        else if ('err' in message) io.err(message.err);
        else if ('ask' in message) void io.ask?.(message.ask).then((answer) => socket.write(encode({ answer })));
        else if ('exit' in message) exit = message.exit;
        else files.handle(message);
      }),
    );
    socket.once('error', () => {
      if (!connected) resolve('no app');
    });
    socket.once('close', () => {
      if (!connected) return;
      void files.abandon().then(() => {
        if (exit === undefined) io.err('The running app ended the command before it finished (the app stopped?).');
        resolve(exit ?? 1);
      });
    });
  });
}

type FileMessage = Exclude<ToCommandLine, { out: string } | { err: string } | { ask: string } | { exit: number }>;

/** The files the operator's own command line names for writing: the values of --output. */
function namedOutputs(argv: string[]): string[] {
  return argv.flatMap((arg, i) => (arg === '--output' && argv[i + 1] !== undefined ? [argv[i + 1]!] : arg.startsWith('--output=') ? [arg.slice('--output='.length)] : []));
}

/**
 * The files a command names, written here from the bytes the app sends: the file is this process's,
 * relative to the folder the operator ran the command in. Only a file the operator named with
 * --output is written: the socket's other end (the app's user) must not make this process, which
 * may run as someone more powerful, write anywhere else. `open` and `close` get one reply each; a
 * write that fails is told at `close`. Steps run one after the other; while the disk is behind, the
 * socket is paused, so that no more than one read of it waits in memory.
 */
function fileWriter(socket: net.Socket, cwd: string, named: string[]) {
  let sink: Sink | undefined;
  let writeFailure: unknown;
  let steps: Promise<void> = Promise.resolve();
  let pending = 0;
  const reply = (message: FileReply) => {
    if (!socket.destroyed) socket.write(encode(message));
  };
  const failed = (error: unknown): FileReply => ({ fileFailed: error instanceof Error ? error.message : String(error), usage: error instanceof UsageError });
  const step = (work: () => Promise<void>) => {
    pending++;
    socket.pause();
    steps = steps.then(work).finally(() => {
      if (--pending === 0) socket.resume();
    });
  };
  const open = async (file: string, replace: boolean) => {
    writeFailure = undefined;
    if (!named.includes(file)) return reply({ fileFailed: `the running app asked to write ${file}, which this command line did not name; nothing was written`, usage: false });
    try {
      sink = await fileSink(path.resolve(cwd, file), { replace });
      reply({ fileDone: sink.describe });
    } catch (error) {
      reply(failed(error));
    }
  };
  const write = async (bytes: string) => {
    if (!sink || writeFailure) return;
    try {
      await sink.write(Buffer.from(bytes, 'base64'));
    } catch (error) {
      writeFailure = error;
    }
  };
  const close = async (how: 'commit' | 'abort') => {
    const closing = sink;
    sink = undefined;
    if (!closing) return reply({ fileFailed: 'no file is open', usage: false });
    try {
      if (writeFailure) throw writeFailure;
      await (how === 'commit' ? closing.commit() : closing.abort());
      reply({ fileDone: closing.describe });
    } catch (error) {
      await closing.abort();
      reply(failed(error));
    }
  };
  return {
    handle(message: FileMessage) {
      if ('open' in message) step(() => open(message.open.file, message.open.replace));
      else if ('bytes' in message) step(() => write(message.bytes));
      else step(() => close(message.close));
    },
    /** The app went away: a file it did not finish leaves nothing behind. */
    async abandon() {
      await steps;
      await sink?.abort();
      sink = undefined;
    },
  };
}

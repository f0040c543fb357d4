import net from 'node:net';
import type { Io } from '../command';
import { encode, lineReader, type ToCommandLine } from './protocol';

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
    socket.once('connect', () => {
      connected = true;
      socket.write(encode({ argv, cwd, interactive: Boolean(io.ask) }));
    });
    socket.on(
      'data',
      lineReader<ToCommandLine>((message) => {
        if ('out' in message) io.out(message.out);
        else if ('err' in message) io.err(message.err);
        else if ('ask' in message) void io.ask?.(message.ask).then((answer) => socket.write(encode({ answer })));
        else exit = message.exit;
      }),
    );
    socket.once('error', () => {
      if (!connected) resolve('no app');
    });
    socket.once('close', () => {
      if (!connected) return;
      if (exit === undefined) io.err('The running app ended the command before it finished (the app stopped?).');
      resolve(exit ?? 1);
    });
  });
}

import readline from 'node:readline/promises';
import { EXIT, type Io } from './command';

/** The real terminal: stdout for results (CSV can be redirected), stderr for messages. */
export function cliIo(): Io {
  // The reader went away (`… | head`): stop, saying so once, instead of a stack trace per write.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.stderr.write('stdout was closed before the output was complete.\n');
    process.exit(EXIT.failure);
  });
  return {
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    env: process.env,
    ...(process.stdin.isTTY && {
      ask: async (question: string) => {
        const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
        try {
          return await rl.question(question);
        } finally {
          rl.close();
        }
      },
    }),
  };
}

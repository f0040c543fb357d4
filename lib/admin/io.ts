import type { Io } from './command';

/** The real terminal: stdout for results (CSV can be redirected), stderr for messages. */
export function cliIo(): Io {
  return {
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    env: process.env,
  };
}

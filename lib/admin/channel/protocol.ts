/**
 * The admin channel's messages (issue 30): one JSON object a line over a Unix socket in DATA_DIR.
 * The command line sends the command; the app answers with what the command prints, questions it
 * asks, and the exit code, so that the operator sees exactly what a local run would show.
 */
/**
 * receivesFiles: the command line writes the files a command names (--output) itself, from the
 * bytes the app sends (`open`, `bytes` in base64, `close`), each step answered by a FileReply.
 */
export type Request = { argv: string[]; cwd: string; interactive: boolean; receivesFiles?: boolean };
export type ToCommandLine =
  | { out: string }
  | { err: string }
  | { ask: string }
  | { exit: number }
  | { open: { file: string; replace: boolean } }
  | { bytes: string }
  | { close: 'commit' | 'abort' };
/** The command line's answer to `open` and `close`: done (with the file's full path), or why not (usage: the operator named a file that cannot be written). */
export type FileReply = { fileDone: string } | { fileFailed: string; usage: boolean };
export type ToApp = Request | { answer: string } | FileReply;

/** Splits a stream of text into JSON messages, one a line. */
export function lineReader<T>(onMessage: (message: T) => void): (chunk: Buffer | string) => void {
  let buffered = '';
  return (chunk) => {
    buffered += chunk.toString();
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      if (line.trim()) onMessage(JSON.parse(line) as T);
    }
  };
}

export const encode = (message: ToCommandLine | ToApp): string => `${JSON.stringify(message)}\n`;

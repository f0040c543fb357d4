import type { FileOptions, Sink } from './output';

/**
 * One command of the admin command line. Commands print through `io` (never console directly), so
 * tests run them in-process and read what an operator would see.
 */
export type Io = {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
  /**
   * Asks the operator at the terminal and gives their answer; absent when nobody can answer (input
   * is not a terminal), so that a command that must ask refuses instead of deciding alone.
   */
  ask?: (question: string) => Promise<string>;
  /**
   * The folder the operator ran the command in, against which the files it names are resolved
   * (lib/admin/paths.ts): the running app runs commands handed to it in its own folder.
   */
  cwd?: string;
  /**
   * Opens a file the operator named for writing, in the command line's own process: the running app
   * hands it the bytes (lib/admin/channel). Absent in a local run, which writes the file itself
   * (outputFile, lib/admin/output.ts).
   */
  openFile?: (file: string, options: FileOptions) => Promise<Sink>;
};

export type Command = {
  /** The words that name it: 'questionnaire import', 'export', 'demo reset'. */
  name: string;
  summary: string;
  /** The whole `--help` text: usage line, options, an example. */
  help: string;
  /** Answers the exit code; throws UsageError for bad arguments. */
  run: (args: string[], io: Io) => Promise<number>;
};

/** Exit codes an operator's script can rely on. */
export const EXIT = {
  ok: 0,
  /** The command ran and failed: a file was refused, a questionnaire is unknown. */
  failure: 1,
  /** Wrong arguments or configuration: nothing was done. */
  usage: 2,
  /** The database is held by a running app (PGlite): nothing was done. */
  busy: 3,
} as const;

/** Bad arguments: the message names the problem; the dispatcher adds where help is. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

import fs from 'node:fs';
import path from 'node:path';
import { UsageError, type Io } from './command';
import { operatorPath } from './paths';

/** Where a command's result goes: stdout, or a file that appears only when complete. */
export type Sink = {
  write: (chunk: string | Uint8Array) => void | Promise<void>;
  /** The result is complete: the file takes its name. */
  commit: () => Promise<void>;
  /** Something failed: no half file is left behind. */
  abort: () => Promise<void>;
  describe: string;
};

/** How a file the operator named is written. */
export type FileOptions = {
  /**
   * false: a file of that name is refused, at the start and again at the end (a backup never
   * replaces another by mistake). true (the default): an older export of that name is replaced.
   */
  replace?: boolean;
};

export function stdoutSink(io: Io): Sink {
  return { write: (chunk) => io.out(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')), commit: async () => undefined, abort: async () => undefined, describe: 'stdout' };
}

/**
 * The file a command's --output names, written by the operator's own process: here in a local run;
 * through the running app's channel, by the command line the app hands the bytes to (io.openFile),
 * so that the file is the operator's, in the folder they ran the command in, whoever the app runs as.
 */
export function outputFile(io: Io, file: string, options: FileOptions = {}): Promise<Sink> {
  return io.openFile ? io.openFile(file, options) : fileSink(operatorPath(io, file), options);
}

/**
 * Writes to `<file>.partial-<pid>` beside the target, waiting whenever the disk is behind (so a
 * large export never queues up in memory), and gives it the target's name at the end. Readable
 * only by its owner: it holds participants' answers.
 */
export async function fileSink(file: string, options: FileOptions = {}): Promise<Sink> {
  const target = path.resolve(file);
  const replace = options.replace ?? true;
  if (fs.existsSync(target) && fs.statSync(target).isDirectory()) throw new UsageError(`cannot write ${target}: it is a folder`);
  if (!replace && fs.existsSync(target)) throw new UsageError(`${target} exists already; name a new file, or add --force to replace it`);
  const partial = `${target}.partial-${process.pid}`;
  const stream = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  let failure: Error | undefined;
  stream.on('error', (error) => (failure = error));
  try {
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
  } catch (error) {
    throw new UsageError(`cannot write ${target}: ${reasonOf(error)}`);
  }
  const ended = () => new Promise<void>((resolve) => stream.end(resolve));
  return {
    describe: target,
    write: async (chunk) => {
      if (failure) throw new Error(`cannot write ${target}: ${reasonOf(failure)}`);
      if (!stream.write(chunk)) {
        // Each wait takes its listeners away again: a large file waits thousands of times.
        await new Promise<void>((resolve, reject) => {
          const drained = () => {
            stream.off('error', failed);
            resolve();
          };
          const failed = (error: unknown) => {
            stream.off('drain', drained);
            reject(error);
          };
          stream.once('drain', drained);
          stream.once('error', failed);
        }).catch((error: unknown) => {
          throw new Error(`cannot write ${target}: ${reasonOf(error)}`);
        });
      }
    },
    commit: async () => {
      await ended();
      if (failure) throw new Error(`cannot write ${target}: ${reasonOf(failure)}`);
      if (replace) return fs.renameSync(partial, target);
      // A link fails where the name exists, which a rename would silently replace: a file made meanwhile stays.
      try {
        fs.linkSync(partial, target);
        fs.rmSync(partial, { force: true });
      } catch (error) {
        const exists = (error as NodeJS.ErrnoException).code === 'EEXIST' || fs.existsSync(target);
        // A file system without hard links (FAT, some network shares): the name was just checked.
        if (!exists) return fs.renameSync(partial, target);
        fs.rmSync(partial, { force: true });
        throw new Error(`${target} appeared while this command wrote it; nothing was replaced`);
      }
    },
    abort: async () => {
      await ended();
      fs.rmSync(partial, { force: true });
    },
  };
}

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT') return 'its folder does not exist';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EISDIR') return 'it is a folder';
  return error instanceof Error ? error.message : String(error);
}

import fs from 'node:fs';
import path from 'node:path';
import { UsageError, type Io } from './command';

/** Where a command's result goes: stdout, or a file that appears only when complete. */
export type Sink = {
  write: (chunk: string) => void | Promise<void>;
  /** The result is complete: the file takes its name. */
  commit: () => Promise<void>;
  /** Something failed: no half file is left behind. */
  abort: () => Promise<void>;
  describe: string;
};

export function stdoutSink(io: Io): Sink {
  return { write: (chunk) => io.out(chunk), commit: async () => undefined, abort: async () => undefined, describe: 'stdout' };
}

/**
 * Writes to `<file>.partial-<pid>` beside the target, waiting whenever the disk is behind (so a
 * large export never queues up in memory), and renames it to the target at the end, replacing an
 * older export of that name. Readable only by its owner: it holds participants' answers.
 */
export async function fileSink(file: string): Promise<Sink> {
  const target = path.resolve(file);
  if (fs.existsSync(target) && fs.statSync(target).isDirectory()) throw new UsageError(`cannot write ${target}: it is a folder`);
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
        await new Promise<void>((resolve, reject) => {
          stream.once('drain', resolve);
          stream.once('error', reject);
        }).catch((error: unknown) => {
          throw new Error(`cannot write ${target}: ${reasonOf(error)}`);
        });
      }
    },
    commit: async () => {
      await ended();
      if (failure) throw new Error(`cannot write ${target}: ${reasonOf(failure)}`);
      fs.renameSync(partial, target);
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

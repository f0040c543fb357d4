import path from 'node:path';
import type { Io } from './command';

/**
 * A file the operator named, as seen from the folder they ran the command in: unchanged in a local
 * run, resolved against their folder when the running app runs the command for them (io.cwd).
 */
export function operatorPath(io: Io, file: string): string {
  return io.cwd === undefined ? file : path.resolve(io.cwd, file);
}

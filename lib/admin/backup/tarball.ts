import fs from 'node:fs';
import { create, Unpack, type Header, type ReadEntry } from 'tar';

/**
 * The backup's archive: a tar archive written and read by node-tar (`tar`), the library npm
 * unpacks every package with, hardened against archives that try to write outside the folder they
 * are unpacked into. Both ways stream, so that neither the app nor the command line holds a
 * database's worth of bytes. On top of tar's own checks, only regular files and folders are
 * unpacked, and anything tar would merely warn about and skip refuses the whole archive: a data
 * folder with a file missing is no backup.
 */

/** The archive is no backup: the message says what is wrong, for the operator. */
export class TarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarError';
  }
}

/** Reads of 1 MB, not tar's 16 MB: it reads four files at a time, and a backup in the running app takes its buffers from the app's memory. */
const READ_BYTES = 1024 * 1024;

/** Every file and folder under `folder`, names relative to it, uncompressed; anything else (a link, a socket) is left out. */
export function packFolder(folder: string): AsyncIterable<Buffer> {
  return create(
    { cwd: folder, maxReadSize: READ_BYTES, filter: (_name, entry) => !('type' in entry) && (entry.isFile() || entry.isDirectory()) },
    fs.readdirSync(folder),
  );
}

/** What a data folder holds; a link, device or pipe in a backup is refused (a link is how archives write outside their folder). */
const UNPACKED = new Set<ReadEntry['type']>(['File', 'OldFile', 'Directory']);

/**
 * Unpacks the archive in `file` (gzip-compressed or not) into `folder` (new; folders 0700, files
 * 0600, as PostgreSQL wants its data folder) as it is read. A name with `..` is refused; one
 * starting with `/` (as PGlite's dumpDataDir writes them) lands inside `folder`. Throws TarError
 * for bytes that are no such archive; what was written by then is the caller's to remove.
 */
export async function extractTo(file: string, folder: string): Promise<void> {
  fs.mkdirSync(folder, { mode: 0o700 });
  let ended = false;
  await new Promise<void>((resolve, reject) => {
    const input = fs.createReadStream(file);
    const refuse = (error: Error): void => unpack.abort(error);
    const unpack: Unpack = new Unpack({
      cwd: folder,
      dmode: 0o700,
      fmode: 0o600,
      filter: (name, entry) => {
        const { type } = entry as ReadEntry;
        if (!UNPACKED.has(type)) {
          refuse(new TarError(`${name} is neither a file nor a folder (a ${type})`));
          return false;
        }
        (entry as ReadEntry).mode = type === 'Directory' ? 0o700 : 0o600;
        return true;
      },
      onwarn: (code, message: unknown, data): void => {
        // Only stripping a leading "/" is a warning that changes nothing outside the folder.
        if (code === 'TAR_ENTRY_INFO') return;
        // A failure of the disk (a full one) is no fault of the archive: it goes on as it is. node-tar
        // hands it over as the data, or as the message when it comes from another realm (jest's).
        const system = [data, message].find((given): given is Error => typeof given === 'object' && given !== null && 'syscall' in given);
        if (system) return refuse(system);
        const said = typeof message === 'string' ? message : String((message as Error | undefined)?.message ?? message);
        const { entry, header } = data as { entry?: ReadEntry; header?: Header };
        refuse(new TarError(explain(code, said, entry?.path ?? header?.path)));
      },
    });
    // node-tar's parser sees the end marker, two empty blocks, and otherwise ends quietly.
    unpack.on('eof', () => {
      ended = true;
    });
    unpack.on('close', resolve);
    unpack.on('error', (error: Error & { code?: string; tarCode?: string; syscall?: string; entry?: ReadEntry }) => {
      input.destroy();
      // Ours, the disk's and zlib's (a gzip stream cut short: restore says so) go on as they are.
      const asIs = error instanceof TarError || !error.tarCode || error.syscall || error.code?.startsWith('Z_');
      reject(asIs ? error : new TarError(explain(error.tarCode!, error.message, error.entry?.path)));
    });
    input.on('error', reject);
    input.pipe(unpack);
  });
  if (!ended) throw new TarError('the archive ends without its end marker (cut short?)');
}

/** tar's warning as the operator reads it; the name of an entry whose header is damaged may be garbage, and is left out. */
function explain(code: string, message: string, name: string | undefined): string {
  const said = message.replace(/^TAR_\w+: /, '');
  switch (code) {
    case 'TAR_ENTRY_INVALID':
      return `a tar header in it is damaged (${said})`;
    case 'TAR_BAD_ARCHIVE':
      return /truncated/i.test(said) ? `${name ?? 'its last entry'} is cut short` : `it is no tar archive (${said})`;
    case 'TAR_ABORT':
      return `it cannot be unpacked (${said})`;
    default:
      return `${name ? `the entry '${name}'` : 'an entry'} cannot be unpacked (${said})`;
  }
}

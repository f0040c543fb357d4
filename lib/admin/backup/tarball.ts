import fs from 'node:fs';
import path from 'node:path';

/**
 * The backup's archive: POSIX ustar, a 512-byte header per entry, its data padded to 512 bytes, two
 * empty blocks at the end; the format `tar` and PGlite's dumpDataDir read and write. Both ways
 * stream, so that neither the app nor the command line holds a database's worth of bytes. Only
 * regular files and folders under relative names are read back, so that extracting an archive never
 * writes outside the folder it goes to and never follows a link.
 */

const BLOCK = 512;
const END = Buffer.alloc(2 * BLOCK);

/** The archive is no backup: the message says what is wrong, for the operator. */
export class TarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarError';
  }
}

/** Every file and folder under `folder`, names relative to it, files streamed from the disk. */
export async function* packFolder(folder: string): AsyncGenerator<Buffer> {
  for (const entry of await fs.promises.readdir(folder, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const name = path.relative(folder, full).split(path.sep).join('/');
    const { size, mtimeMs } = await fs.promises.stat(full);
    if (entry.isDirectory()) {
      yield header(name, 'folder', 0, mtimeMs);
    } else if (entry.isFile()) {
      yield header(name, 'file', size, mtimeMs);
      let read = 0;
      if (size > 0) {
        for await (const chunk of fs.createReadStream(full, { end: size - 1 }) as AsyncIterable<Buffer>) {
          read += chunk.length;
          yield chunk;
        }
      }
      // The folders packed are still (a copy, or one under the lock); a file that shrank anyway is padded to what its header says.
      if (read < size) yield Buffer.alloc(size - read);
      if (size % BLOCK) yield Buffer.alloc(BLOCK - (size % BLOCK));
    }
  }
  yield END;
}

function header(name: string, type: 'file' | 'folder', size: number, mtimeMs: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const [prefix, rest] = splitName(name);
  block.write(rest, 0, 100, 'utf8');
  block.write(octal(type === 'folder' ? 0o700 : 0o600, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(mtimeMs / 1000), 12), 136);
  block.write(type === 'folder' ? '5' : '0', 156);
  block.write('ustar\u000000', 257);
  block.write(prefix, 345, 155, 'utf8');
  block.write(`${octal(checksum(block), 7)} `, 148);
  return block;
}

/** ustar keeps 100 bytes of a name, and a prefix of 155 split off at a slash. */
function splitName(name: string): [string, string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  const cut = name.lastIndexOf('/', 155);
  if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100 || Buffer.byteLength(name.slice(0, cut)) > 155) throw new Error(`${name}: too long a name for a tar archive`);
  return [name.slice(0, cut), name.slice(cut + 1)];
}

/** Octal digits and a NUL, width bytes in all. */
function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** The header's bytes summed with its checksum field counted as spaces. */
function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return sum;
}

/**
 * Writes the archive's entries into `folder` (new; folders 0700, files 0600, as PostgreSQL wants
 * its data folder) as the bytes arrive, and answers the names written. Throws TarError for bytes
 * that are no such archive; what was written by then is the caller's to remove.
 */
export async function extractTo(source: AsyncIterable<Buffer>, folder: string): Promise<string[]> {
  const reader = blockReader(source);
  const names: string[] = [];
  fs.mkdirSync(folder, { mode: 0o700 });
  for (let offset = 0; ; ) {
    const block = await reader.read(BLOCK);
    if (!block) throw new TarError('the archive ends without its end marker (cut short?)');
    if (block.every((byte) => byte === 0)) return names;
    if (!block.subarray(257, 262).equals(Buffer.from('ustar'))) throw new TarError(`no tar header at byte ${offset}`);
    if (checksum(block) !== readOctal(block.subarray(148, 156))) throw new TarError(`the header at byte ${offset} is damaged`);
    const name = safeName(text(block.subarray(345, 500)), text(block.subarray(0, 100)));
    const size = readOctal(block.subarray(124, 136));
    const typeflag = String.fromCharCode(block[156]!);
    const target = path.join(folder, name);
    if (typeflag === '5') {
      fs.mkdirSync(target, { recursive: true, mode: 0o700 });
    } else if (typeflag === '0' || typeflag === '\0') {
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      await reader.copy(size, target, name);
    } else {
      throw new TarError(`${name} is neither a file nor a folder (tar type '${typeflag}')`);
    }
    names.push(name);
    const padded = Math.ceil(size / BLOCK) * BLOCK;
    if (padded > size && !(await reader.read(padded - size))) throw new TarError(`${name} is cut short`);
    offset += BLOCK + padded;
  }
}

/** Exactly n bytes at a time from a stream of chunks of any size. */
function blockReader(source: AsyncIterable<Buffer>) {
  const chunks = source[Symbol.asyncIterator]();
  let held: Buffer = Buffer.alloc(0);
  const more = async (): Promise<boolean> => {
    const next = await chunks.next();
    if (next.done) return false;
    held = held.length ? Buffer.concat([held, next.value]) : next.value;
    return true;
  };
  return {
    /** n bytes, or undefined when the stream ends first. */
    async read(n: number): Promise<Buffer | undefined> {
      while (held.length < n) if (!(await more())) return undefined;
      const taken = held.subarray(0, n);
      held = held.subarray(n);
      return taken;
    },
    /** The next `size` bytes into a new file, as they arrive. */
    async copy(size: number, file: string, name: string): Promise<void> {
      const handle = await fs.promises.open(file, 'wx', 0o600);
      try {
        for (let left = size; left > 0; ) {
          if (held.length === 0 && !(await more())) throw new TarError(`${name} is cut short`);
          const part = held.subarray(0, Math.min(left, held.length));
          held = held.subarray(part.length);
          for (let written = 0; written < part.length; ) written += (await handle.write(part, written)).bytesWritten;
          left -= part.length;
        }
      } finally {
        await handle.close();
      }
    },
  };
}

/** Names as PGlite's dumpDataDir ("/base/1/112") or packFolder ("base/1/112") write them; none may climb out with "..". */
function safeName(prefix: string, name: string): string {
  const parts = (prefix ? `${prefix}/${name}` : name).split('/').filter((part) => part !== '' && part !== '.');
  if (parts.length === 0 || parts.includes('..')) throw new TarError(`the entry '${prefix}${name}' has a name outside the data folder`);
  return parts.join('/');
}

function text(field: Buffer): string {
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? field.length : end).toString('utf8');
}

function readOctal(field: Buffer): number {
  const digits = text(field).trim();
  if (!/^[0-7]+$/.test(digits)) throw new TarError(`'${digits}' is not a tar number`);
  return parseInt(digits, 8);
}

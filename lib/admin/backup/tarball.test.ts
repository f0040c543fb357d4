import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { extractTo, packFolder, TarError } from './tarball';

/**
 * The backup's archive (tarball.ts, node-tar underneath): what it packs, `tar` reads, and what it
 * unpacks is the folder again, private to its owner; an archive that would write outside the
 * folder, a link or a device, or one that is damaged or cut short, is refused.
 */

let work: string;
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'tarball-'));
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

async function pack(folder: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of packFolder(folder)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The archive as a file, as restore reads it. */
function saved(archive: Buffer, name = 'archive.tar'): string {
  const file = path.join(work, name);
  fs.writeFileSync(file, archive);
  return file;
}

/** Every name under `folder`, sorted, folders with a trailing slash. */
const listing = (folder: string) =>
  fs.readdirSync(folder, { recursive: true, withFileTypes: true })
    .map((entry) => `${path.relative(folder, path.join(entry.parentPath, entry.name))}${entry.isDirectory() ? '/' : ''}`)
    .sort();

/** A ustar header as another tar program would write it, for the archives packFolder never makes. */
function header(name: string, typeflag: string, size = 0, linkname = ''): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0);
  block.write('0000644\0', 100);
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  block.write('00000000000\0', 136);
  block.write(typeflag, 156);
  block.write(linkname, 157);
  block.write('ustar\u000000', 257);
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}
const data = (text: string) => Buffer.from(text.padEnd(512, '\0'));
const END = Buffer.alloc(1024);

describe('packFolder and extractTo', () => {
  it('give the folder back, files, empty files, folders and long names, private to the owner; tar lists it too; a link is left out', async () => {
    const source = path.join(work, 'source');
    const deep = `${'long-folder-name/'.repeat(7)}file`;
    fs.mkdirSync(path.join(source, 'base', '1'), { recursive: true, mode: 0o755 });
    fs.mkdirSync(path.join(source, 'empty'));
    fs.mkdirSync(path.join(source, path.dirname(deep)), { recursive: true });
    fs.writeFileSync(path.join(source, 'PG_VERSION'), '18\n', { mode: 0o644 });
    fs.writeFileSync(path.join(source, 'base', '1', '112'), Buffer.alloc(8192 + 100, 7));
    fs.writeFileSync(path.join(source, 'zero'), '');
    fs.writeFileSync(path.join(source, deep), 'deep');
    fs.symlinkSync('/etc/passwd', path.join(source, 'link'));
    const archive = await pack(source);
    expect(execFileSync('tar', ['-tf', saved(archive)], { encoding: 'utf8' }).split('\n')).toContain(deep);

    const back = path.join(work, 'back');
    await extractTo(saved(zlib.gzipSync(archive), 'archive.tar.gz'), back);
    expect(listing(back)).toEqual(listing(source).filter((name) => name !== 'link'));
    for (const file of ['PG_VERSION', 'base/1/112', 'zero', deep]) expect(fs.readFileSync(path.join(back, file))).toEqual(fs.readFileSync(path.join(source, file)));
    expect(fs.statSync(path.join(back, 'PG_VERSION')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(back, 'base')).mode & 0o777).toBe(0o700);
  });

  it('unpacks names starting with "/", as PGlite\'s dumpDataDir writes them, inside the folder', async () => {
    const into = path.join(work, 'into');
    await extractTo(saved(Buffer.concat([header('/base/', '5'), header('/base/112', '0', 4), data('page'), END])), into);
    expect(fs.readFileSync(path.join(into, 'base', '112'), 'utf8')).toBe('page');
    expect(fs.readdirSync(work).sort()).toEqual(['archive.tar', 'into']);
  });

  it.each([
    ['a name climbing out of the folder', Buffer.concat([header('../outside', '0', 4), data('evil'), END]), /^the entry '..\/outside' cannot be unpacked \(path contains '..'\)$/],
    ['a symbolic link', Buffer.concat([header('PG_VERSION', '2', 0, '/etc/passwd'), END]), /^PG_VERSION is neither a file nor a folder \(a SymbolicLink\)$/],
    ['a hard link', Buffer.concat([header('PG_VERSION', '1', 0, 'global/pg_control'), END]), /^PG_VERSION is neither a file nor a folder \(a Link\)$/],
    ['a device', Buffer.concat([header('PG_VERSION', '3'), END]), /^PG_VERSION is neither a file nor a folder \(a CharacterDevice\)$/],
    ['a header whose checksum is wrong', Buffer.concat([Buffer.from(header('PG_VERSION', '0', 0)).fill(65, 0, 1), END]), /^a tar header in it is damaged \(checksum failure\)$/],
    ['a file cut short', Buffer.concat([header('PG_VERSION', '0', 1000), Buffer.from('18\n')]), /^PG_VERSION is cut short$/],
    ['no end marker', header('empty', '5'), /^the archive ends without its end marker \(cut short\?\)$/],
    ['text', Buffer.from('not a tar archive'), /^it is no tar archive \(Unrecognized archive format\)$/],
  ])('refuses %s, writing nothing outside the folder', async (_name, archive, says) => {
    const refused = extractTo(saved(archive), path.join(work, 'into'));
    await expect(refused).rejects.toThrow(TarError);
    await expect(refused).rejects.toThrow(says);
    expect(fs.readdirSync(work).sort()).toEqual(['archive.tar', 'into']);
    // What was written before the refusal (restore removes it) is files and folders only.
    for (const name of listing(path.join(work, 'into'))) {
      const written = fs.lstatSync(path.join(work, 'into', name));
      expect(written.isFile() || written.isDirectory()).toBe(true);
    }
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractTo, packFolder, TarError } from './tarball';

/**
 * The backup's archive (tarball.ts): what it packs, `tar` reads, and what it unpacks is the folder
 * again; an archive that would write outside the folder, or a link, is refused.
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

async function* inPieces(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

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

describe('packFolder and extractTo', () => {
  it('give the folder back, files, empty files and folders, in any size of pieces; tar lists it too', async () => {
    const source = path.join(work, 'source');
    const deep = `${'long-folder-name/'.repeat(7)}file`;
    fs.mkdirSync(path.join(source, 'base', '1'), { recursive: true });
    fs.mkdirSync(path.join(source, 'empty'));
    fs.mkdirSync(path.join(source, path.dirname(deep)), { recursive: true });
    fs.writeFileSync(path.join(source, 'PG_VERSION'), '18\n');
    fs.writeFileSync(path.join(source, 'base', '1', '112'), Buffer.alloc(8192 + 100, 7));
    fs.writeFileSync(path.join(source, 'zero'), '');
    fs.writeFileSync(path.join(source, deep), 'deep');
    const archive = await pack(source);
    expect(archive.length % 512).toBe(0);

    const names = await extractTo(inPieces(archive, 777), path.join(work, 'back'));
    expect(names.sort()).toEqual(['PG_VERSION', 'base', 'base/1', 'base/1/112', deep, ...Array.from({ length: 7 }, (_, i) => 'long-folder-name/'.repeat(i + 1).slice(0, -1)), 'empty', 'zero'].sort());
    for (const file of ['PG_VERSION', 'base/1/112', 'zero', deep]) expect(fs.readFileSync(path.join(work, 'back', file))).toEqual(fs.readFileSync(path.join(source, file)));
    expect(fs.statSync(path.join(work, 'back', 'base/1/112')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(work, 'back', 'base')).mode & 0o777).toBe(0o700);

    fs.writeFileSync(path.join(work, 'archive.tar'), archive);
    expect(execFileSync('tar', ['-tf', path.join(work, 'archive.tar')], { encoding: 'utf8' }).split('\n')).toContain(deep);
  });

  it.each([
    ['a name climbing out of the folder', Buffer.concat([header('../outside', '0', 4), Buffer.from('evil'.padEnd(512, '\0')), Buffer.alloc(1024)]), /'..\/outside' has a name outside the data folder/],
    ['a symbolic link', Buffer.concat([header('PG_VERSION', '2', 0, '/etc/passwd'), Buffer.alloc(1024)]), /PG_VERSION is neither a file nor a folder \(tar type '2'\)/],
    ['a header whose checksum is wrong', Buffer.concat([Buffer.from(header('PG_VERSION', '0', 0)).fill(65, 0, 1), Buffer.alloc(1024)]), /the header at byte 0 is damaged/],
    ['a file cut short', Buffer.concat([header('PG_VERSION', '0', 1000), Buffer.from('18\n')]), /PG_VERSION is cut short/],
    ['no end marker', header('empty', '5'), /ends without its end marker/],
  ])('refuses %s, writing nothing outside', async (_name, archive, says) => {
    await expect(extractTo(inPieces(archive, 100), path.join(work, 'into'))).rejects.toThrow(TarError);
    await expect(extractTo(inPieces(archive, 100), path.join(work, 'again'))).rejects.toThrow(says);
    expect(fs.readdirSync(work).sort()).toEqual(['again', 'into']);
  });
});

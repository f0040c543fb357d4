import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const SCRIPT = path.join(process.cwd(), 'lib', 'scripts', 'precompress.mjs');
const CODE = Array.from({ length: 300 }, (_, i) => `export const value${i} = "${'abc'.repeat(i % 7)}";\n`).join('');

let dir: string;

function run(): string {
  return execFileSync(process.execPath, [SCRIPT, dir], { encoding: 'utf8' });
}

function write(relative: string, content: string) {
  const file = path.join(dir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  write('chunks/app.js', CODE);
  write('css/site.css', 'body { margin: 0 }\n'.repeat(100));
  write('chunks/tiny.js', 'a');
  write('media/font.woff2', CODE);
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('precompress: the build copies next to each text file', () => {
  it('writes brotli and gzip copies that decompress to the file, only when smaller, and says what it did', () => {
    const summary = run();
    const file = path.join(dir, 'chunks', 'app.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(CODE);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(CODE);
    expect(fs.statSync(`${file}.br`).size).toBeLessThan(fs.statSync(`${file}.gz`).size);
    expect(fs.existsSync(path.join(dir, 'css', 'site.css.br'))).toBe(true);
    // One byte compresses to more than one byte; a font is compressed already and not text.
    expect(fs.readdirSync(path.join(dir, 'chunks')).sort()).toEqual(['app.js', 'app.js.br', 'app.js.gz', 'tiny.js']);
    expect(fs.readdirSync(path.join(dir, 'media'))).toEqual(['font.woff2']);
    expect(summary).toMatch(/^precompress: 3 files in .*: [\d.]+ KiB raw, [\d.]+ KiB gzip \(zopfli\), [\d.]+ KiB brotli; 4 copies written in [\d.]+ s\n$/);
  });

  it('the zopfli copy is smaller than gzip -9', () => {
    run();
    const gzip9 = zlib.gzipSync(CODE, { level: 9 }).length;
    expect(fs.statSync(path.join(dir, 'chunks', 'app.js.gz')).size).toBeLessThan(gzip9);
  });

  it('a second run keeps the copies and says the same sizes; a changed file gets new copies', () => {
    const first = run();
    const copy = path.join(dir, 'chunks', 'app.js.br');
    const written = fs.statSync(copy).mtimeMs;
    const second = run();
    expect(first).toContain('gzip (zopfli)');
    const unchanged = first.replace('4 copies', '0 copies').replace('(zopfli)', '(kept copies)');
    expect(second.replace(/written in [\d.]+ s/, '')).toBe(unchanged.replace(/written in [\d.]+ s/, ''));
    expect(fs.statSync(copy).mtimeMs).toBe(written);

    const changed = `${CODE}export const more = 1;\n`;
    write('chunks/app.js', changed);
    fs.utimesSync(path.join(dir, 'chunks', 'app.js'), new Date(), new Date(Date.now() + 5000));
    expect(run()).toContain('2 copies written');
    expect(zlib.brotliDecompressSync(fs.readFileSync(copy)).toString()).toBe(changed);
  });

  it('no folder (no build yet): exit 1 with the reason', () => {
    expect(() => execFileSync(process.execPath, [SCRIPT, path.join(dir, 'none')], { stdio: 'pipe' })).toThrow(/is not a folder; run next build first/);
  });
});

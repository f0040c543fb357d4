import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isStaticPath, methodRefusal, publicFilePaths } from './methods.mjs';

const PUBLIC = new Set(['/logo.svg', '/images/a b.png']);

describe('methodRefusal: what Next would answer with a 500 is a 405 first', () => {
  it.each([
    // methods Next cannot turn into a Request, anywhere
    ['TRACE', '/support', 'GET, HEAD, POST'],
    ['TRACE', '/api/pageinfo', 'GET, HEAD, POST'],
    ['CONNECT', '/', 'GET, HEAD, POST'],
    ['PROPFIND', '/home', 'GET, HEAD, POST'],
    ['TRACE', '/logo.svg', 'GET, HEAD'],
    // files are read, never changed
    ['DELETE', '/logo.svg', 'GET, HEAD'],
    ['PUT', '/logo.svg?x=1', 'GET, HEAD'],
    ['POST', '/logo.svg', 'GET, HEAD'],
    ['OPTIONS', '/_next/static/chunks/x.js', 'GET, HEAD'],
    ['POST', '/_next/image?url=%2Flogo.svg', 'GET, HEAD'],
    ['PATCH', '/images/a%20b.png', 'GET, HEAD'],
  ])('%s %s → 405, Allow: %s', (method, url, allow) => {
    expect(methodRefusal(method, url, PUBLIC)).toEqual({ allow });
  });

  it.each([
    ['GET', '/logo.svg'],
    ['HEAD', '/_next/static/chunks/x.js'],
    ['GET', '/support'],
    ['POST', '/support'],
    ['POST', '/api/pageinfo'],
    ['PUT', '/api/pageinfo'],
    ['DELETE', '/home/P1DEMO01'],
    ['OPTIONS', '/support'],
    ['POST', '/logo.svg.html'],
  ])('%s %s is for Next to judge', (method, url) => {
    expect(methodRefusal(method, url, PUBLIC)).toBeUndefined();
  });
});

describe('isStaticPath', () => {
  it.each([
    ['/logo.svg', true],
    ['/log%6F.svg', true],
    ['/_next/static/x', true],
    ['/%ff', false],
    ['/logo.svg/', false],
    ['/support', false],
  ])('%s → %s', (url, expected) => expect(isStaticPath(url, PUBLIC)).toBe(expected));
});

describe('publicFilePaths', () => {
  it('lists every file under the folder as the path it is served at', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'public-'));
    fs.mkdirSync(path.join(dir, 'images'));
    fs.writeFileSync(path.join(dir, 'logo.svg'), '');
    fs.writeFileSync(path.join(dir, 'images', 'a b.png'), '');
    expect(publicFilePaths(dir)).toEqual(PUBLIC);
    fs.rmSync(dir, { recursive: true });
  });

  it('is empty when there is no such folder', () => {
    expect(publicFilePaths(path.join(os.tmpdir(), 'no-such-public-folder'))).toEqual(new Set());
  });
});

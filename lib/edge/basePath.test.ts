import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { belowBasePath, parseBasePath, withBasePath } from './basePath.mjs';
import { builtBasePath, distDirOf, startBasePath } from './build.mjs';

describe('parseBasePath: BASE_PATH as next.config.mjs and server.mjs take it', () => {
  it.each([
    [undefined, ''],
    ['', ''],
    ['/assessment', '/assessment'],
    ['/tools/assessment', '/tools/assessment'],
    ['/a-b_c.d~e', '/a-b_c.d~e'],
  ])('%j → %j', (value, basePath) => expect(parseBasePath(value)).toBe(basePath));

  it.each(['assessment', '/', '/assessment/', '//assessment', '/a/b/c', '/a b', '/a/..', '/.', '/a%20b', '/a?x', '/a#x', '/ä'])('%j is refused, naming the rule', (value) => {
    expect(() => parseBasePath(value)).toThrow(`BASE_PATH '${value}' is not a base path: it must be empty or '/segment' or '/segment/segment'`);
  });
});

describe('belowBasePath: the path Next routes, or none outside the base path', () => {
  it.each([
    ['/home/P1VIEW001', '', '/home/P1VIEW001'],
    ['/', '', '/'],
    ['/assessment/home/P1VIEW001', '/assessment', '/home/P1VIEW001'],
    ['/assessment', '/assessment', '/'],
    ['/assessment/', '/assessment', '/'],
    ['/assessment/api/pageinfo', '/assessment', '/api/pageinfo'],
    ['/assessment/_next/static/chunks/a.js', '/assessment', '/_next/static/chunks/a.js'],
    ['/tools/assessment/info', '/tools/assessment', '/info'],
    ['/home/P1VIEW001', '/assessment', undefined],
    ['/', '/assessment', undefined],
    ['/assessmentx/home', '/assessment', undefined],
    ['/api/pageinfo', '/assessment', undefined],
    ['/Assessment/home', '/assessment', undefined],
  ])('%s under %j → %j', (target, basePath, below) => expect(belowBasePath(target, basePath)).toBe(below));
});

describe('withBasePath: an app route as the browser addresses it', () => {
  it.each([
    ['/error?statusCode=3', '/assessment', '/assessment/error?statusCode=3'],
    ['/api/pageinfo', '/assessment', '/assessment/api/pageinfo'],
    ['/', '/assessment', '/assessment/'],
    ['/logo.svg', '', '/logo.svg'],
    ['data:image/svg+xml;base64,PHN2Zz4=', '/assessment', 'data:image/svg+xml;base64,PHN2Zz4='],
    ['https://www.paypal.com/sdk/js', '/assessment', 'https://www.paypal.com/sdk/js'],
    ['//cdn.example/x.js', '/assessment', '//cdn.example/x.js'],
  ])('%s under %j → %s', (route, basePath, address) => expect(withBasePath(route, basePath)).toBe(address));

  it('without a base path in the build (as in these tests) leaves a route as it is', () => {
    expect(withBasePath('/home/P1VIEW001')).toBe('/home/P1VIEW001');
  });
});

describe('distDirOf: the build folder NEXT_DIST_DIR names', () => {
  it.each([
    [undefined, '.next'],
    ['', '.next'],
    ['.next-assessment', '.next-assessment'],
  ])('%j → %j', (value, dir) => expect(distDirOf(value)).toBe(dir));

  it.each(['../elsewhere', '/tmp/build', 'a/b', '.', '..'])('%j is refused', (value) => {
    expect(() => distDirOf(value)).toThrow(`NEXT_DIST_DIR '${value}' is not a build folder`);
  });
});

describe('a production start runs under the base path of its build', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("reads the build's base path from its routes manifest", () => {
    fs.writeFileSync(path.join(dir, 'routes-manifest.json'), JSON.stringify({ version: 3, basePath: '/assessment' }));
    expect(builtBasePath(dir)).toBe('/assessment');
    fs.writeFileSync(path.join(dir, 'routes-manifest.json'), JSON.stringify({ version: 3, basePath: '' }));
    expect(builtBasePath(dir)).toBe('');
  });

  it('a folder without a build throws ENOENT, for the start to say "run npm run build"', () => {
    expect(() => builtBasePath(dir)).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });

  it.each([
    [undefined, '/assessment', '/assessment'],
    ['', '/assessment', '/assessment'],
    ['/assessment', '/assessment', '/assessment'],
    [undefined, '', ''],
  ])('BASE_PATH %j with a build for %j runs under %j', (envValue, built, basePath) => expect(startBasePath(envValue, built)).toBe(basePath));

  it('refuses a BASE_PATH that differs from the build, saying both ways out', () => {
    expect(() => startBasePath('/other', '/assessment')).toThrow(
      "BASE_PATH is '/other' but the build was made for '/assessment': build again with BASE_PATH=/other (npm run build), or start with BASE_PATH=/assessment",
    );
    expect(() => startBasePath('/assessment', '')).toThrow("but the build was made for no base path: build again with BASE_PATH=/assessment (npm run build), or start with BASE_PATH unset");
    expect(() => startBasePath('/bad/', '')).toThrow("BASE_PATH '/bad/' is not a base path");
  });
});

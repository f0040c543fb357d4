import { hasMalformedPath, isApiPath, routedPath } from './requestPath.mjs';

describe('hasMalformedPath: paths Next could not decode', () => {
  it.each([
    ['/home/%ff', true],
    ['/home/%c0%af', true],
    ['/api/%ff', true],
    ['/home/%E0%A4%A', true],
    ['/%', true],
    ['/home/P1DEMO01', false],
    ['/home/%C3%A9', false],
    ['/home/%20x', false],
    ['/support?x=%ff', false],
    ['/', false],
  ])('%s → %s', (url, malformed) => expect(hasMalformedPath(url)).toBe(malformed));
});

describe('isApiPath', () => {
  it.each([
    ['/api/%ff', true],
    ['/api', false],
    ['/api/', true],
    ['/api/pageinfo?x=1', true],
    ['/apiary', false],
    ['/home/api/x', false],
  ])('%s → %s', (url, api) => expect(isApiPath(url)).toBe(api));
});

describe('routedPath: the path Next routes to, dot segments resolved', () => {
  it.each([
    ['/api/../support', '/support'],
    ['/api/%2e%2e/pageinfo', '/pageinfo'],
    ['/api/%2E%2e/x?y=1', '/x'],
    ['/api\\..\\support', '/support'],
    ['/a/./b?x=1', '/a/b'],
    ['/home/%ff', '/home/%ff'],
    ['//evil.example/x', '//evil.example/x'],
    ['http://assess.example/api/pageinfo', '/api/pageinfo'],
    [undefined, '/'],
  ])('%s → %s', (url, path) => expect(routedPath(url)).toBe(path));

  it('has none for a target that is no URL', () => expect(routedPath('http://[')).toBeUndefined());
});

import { hasMalformedPath, isApiPath } from './requestPath.mjs';

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
    ['/api', true],
    ['/api/pageinfo?x=1', true],
    ['/apiary', false],
    ['/home/api/x', false],
  ])('%s → %s', (url, api) => expect(isApiPath(url)).toBe(api));
});

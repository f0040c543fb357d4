import { deepLinkDepth, isBeyondItsRoute } from './deepLinkDepth';

describe('deep links deeper than their route (spec §2 routes)', () => {
  it.each([
    ['/home', false],
    ['/home/P1DEMO01', false],
    ['/home/P1DEMO01/en', false],
    ['/home/P1DEMO01/en/PT1', false],
    ['/home/P1DEMO01/en/PT1/more', true],
    ['/kodew', false],
    ['/kodew/KWDEMO01/en', false],
    ['/kodew/KWDEMO01/en/', false],
    ['/kodew/KWDEMO01/en/more', true],
    ['/kodegroupcode/KGDEMO01/de', false],
    ['/kodegroupcode/KGDEMO01/de/x', true],
    // ra takes no language token
    ['/ra/RADEMO01', false],
    ['/ra/RADEMO01/en', true],
    // other routes are not deep links: Next matches them or not
    ['/questionnaire/a/b/c/d', false],
    ['/homework/a/b/c/d', false],
    ['/', false],
  ])('%s goes beyond its route: %s', (pathname, expected) => {
    expect(isBeyondItsRoute(pathname)).toBe(expected);
  });
});

it.each([
  ['home', 3],
  ['kodew', 2],
  ['kodegroupcode', 2],
  ['ra', 1],
  ['questionnaire', undefined],
])('the route %s takes %p segments below its name', (route, depth) => {
  expect(deepLinkDepth(route)).toBe(depth);
});

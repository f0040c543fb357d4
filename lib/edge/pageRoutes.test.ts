import { NOT_FOUND_PAGE, pageOf, pageRoutesOf } from './pageRoutes.mjs';

/** The build's own manifest, as `next build` writes it (.next/app-path-routes-manifest.json), and a few routes it may grow. */
const ROUTES = pageRoutesOf({
  '/_global-error/page': '/_global-error',
  '/_not-found/page': '/_not-found',
  '/api/[...path]/route': '/api/[...path]',
  '/api/health/route': '/api/health',
  '/page': '/',
  '/support/page': '/support',
  '/home-dev/page': '/home-dev',
  '/home/[[...params]]/page': '/home/[[...params]]',
  '/kodew/[code]/page': '/kodew/[code]',
  '/kodew/[code]/[language]/page': '/kodew/[code]/[language]',
  '/kodew/[code]/done/page': '/kodew/[code]/done',
  '/portal/[...rest]/page': '/portal/[...rest]',
  '/(flows)/ra/page': '/ra',
});

describe('pageOf: the page a path renders', () => {
  it.each([
    ['/', 'app/page'],
    ['/support', 'app/support/page'],
    ['/support/', 'app/support/page'],
    ['/home-dev', 'app/home-dev/page'],
    ['/home', 'app/home/[[...params]]/page'],
    ['/home/P1DEMO01', 'app/home/[[...params]]/page'],
    ['/home/P1DEMO01/en/x', 'app/home/[[...params]]/page'],
    ['/kodew/KWDEMO01', 'app/kodew/[code]/page'],
    ['/kodew/KWDEMO01/en', 'app/kodew/[code]/[language]/page'],
    ['/kodew/KWDEMO01/done', 'app/kodew/[code]/done/page'],
    ['/portal/PTDEMO01/1', 'app/portal/[...rest]/page'],
    ['/ra', 'app/(flows)/ra/page'],
    ['/su%70port', 'app/support/page'],
    ['/portal', NOT_FOUND_PAGE],
    ['/kodew', NOT_FOUND_PAGE],
    ['/nope', NOT_FOUND_PAGE],
    ['/support/x', NOT_FOUND_PAGE],
    ['/api/pageinfo', NOT_FOUND_PAGE],
    ['/_not-found', NOT_FOUND_PAGE],
  ])('%s → %s', (path, page) => expect(pageOf(path, ROUTES)).toBe(page));
});

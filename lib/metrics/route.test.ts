import { routePatternsOf } from '@/lib/edge/pageRoutes.mjs';
import { routeLabel, UNMATCHED_ROUTE } from './route.mjs';

/** Routes as `next build` writes them into .next/app-path-routes-manifest.json: pages and route handlers. */
const ROUTES = routePatternsOf({
  '/_global-error/page': '/_global-error',
  '/_not-found/page': '/_not-found',
  '/api/[...path]/route': '/api/[...path]',
  '/api/health/route': '/api/health',
  '/page': '/',
  '/support/page': '/support',
  '/home/[[...params]]/page': '/home/[[...params]]',
  '/kodew/[[...params]]/page': '/kodew/[[...params]]',
  '/portal/[...params]/page': '/portal/[...params]',
  '/questionnaire-image/[imageKey]/route': '/questionnaire-image/[imageKey]',
  '/admin/groupcodes/[code]/page': '/admin/groupcodes/[code]',
});
const BUILD = { basePath: '', routes: ROUTES, publicFiles: new Set(['/logo.svg', '/fonts/a.woff2']) };

describe('routeLabel: the route pattern a request is counted under, never its path', () => {
  it.each([
    ['/', '/'],
    ['/support?x=1', '/support'],
    ['/home/P1DEMO01', '/home/[[...params]]'],
    ['/home/P1DEMO01/en/extra', '/home/[[...params]]'],
    ['/kodew/KWDEMO01/en', '/kodew/[[...params]]'],
    ['/portal/PTDEMO01/1', '/portal/[...params]'],
    ['/api/health', '/api/health'],
    ['/api/submit/kodew/login', '/api/[...path]'],
    ['/api/anything/at/all', '/api/[...path]'],
    ['/questionnaire-image/abc123', '/questionnaire-image/[imageKey]'],
    ['/admin/groupcodes/KWDEMO01', '/admin/groupcodes/[code]'],
    ['/_next/static/chunks/app.js', '/_next/static'],
    ['/_next/image?url=x', '/_next'],
    ['/logo.svg', 'public'],
    ['/fonts/a.woff2', 'public'],
    // Every path no route serves is one value, whatever it holds.
    ['/nope', UNMATCHED_ROUTE],
    ['/P1DEMO01', UNMATCHED_ROUTE],
    ['/support/x', UNMATCHED_ROUTE],
    ['/portal', UNMATCHED_ROUTE],
    ['/_not-found', UNMATCHED_ROUTE],
    ['/home/%ff', UNMATCHED_ROUTE],
    ['http://[', UNMATCHED_ROUTE],
    // Judged as Next routes it: "/api/../support" is the page /support.
    ['/api/../support', '/support'],
  ])('%s → %s', (url, route) => expect(routeLabel(url, BUILD)).toBe(route));

  it('under a base path: the routes below it; anything outside it is unmatched', () => {
    const build = { ...BUILD, basePath: '/assessment' };
    expect(routeLabel('/assessment/kodew/KWDEMO01', build)).toBe('/kodew/[[...params]]');
    expect(routeLabel('/assessment', build)).toBe('/');
    expect(routeLabel('/assessment/_next/static/x.js', build)).toBe('/_next/static');
    expect(routeLabel('/kodew/KWDEMO01', build)).toBe(UNMATCHED_ROUTE);
    expect(routeLabel('/', build)).toBe(UNMATCHED_ROUTE);
  });

  it('without the build’s routes (development): the build’s files still apart, everything else unmatched', () => {
    const dev = { ...BUILD, routes: undefined };
    expect(routeLabel('/kodew/KWDEMO01', dev)).toBe(UNMATCHED_ROUTE);
    expect(routeLabel('/_next/static/x.js', dev)).toBe('/_next/static');
  });

  it('has no more values than the build has routes, and four of its own', () => {
    const values = new Set(['/', '/nope', '/x/y', '/home/A', '/home/B/C', '/kodew/Z', '/_next/static/a', '/_next/b', '/logo.svg'].map((url) => routeLabel(url, BUILD)));
    const known = new Set([...ROUTES.map((route) => route.route), '/_next/static', '/_next', 'public', UNMATCHED_ROUTE]);
    expect([...values].filter((value) => !known.has(value))).toEqual([]);
  });
});

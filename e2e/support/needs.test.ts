import { detailsFor, NEEDS, rowSource, runSettings, tagOf, unmetReason, type Need } from './needs';

const ALL = Object.keys(NEEDS) as Need[];
const STAGING = 'https://staging.example';

describe('what a journey needs, against the suite\'s own servers', () => {
  it('every need is met: nothing is skipped, the demo rows are used', () => {
    const local = runSettings({ E2E_PORT_BASE: '3400' });
    for (const need of ALL) expect(unmetReason([need], local)).toBeUndefined();
    expect(rowSource(local)).toBe('demo');
  });

  it('E2E_ADMIN does not reach into them: their data folders are fresh, the demo rows unused', () => {
    expect(rowSource(runSettings({ E2E_ADMIN: '1', DATABASE_URL: 'postgres://qa@db.example/app' }))).toBe('demo');
  });
});

describe('what a journey needs, against BASE_URL', () => {
  const deployed = runSettings({ BASE_URL: STAGING });

  it('a journey that needs nothing runs', () => {
    expect(unmetReason([], deployed)).toBeUndefined();
  });

  it.each<[Need, RegExp]>([
    ['standin', /stand-in upstream.*without BASE_URL/],
    ['limits', /ACCESS_CODE_MAX_FAILURES_PER_ASSESSMENT=12.*without BASE_URL/],
    ['own-server', /servers of its own.*without BASE_URL/],
    ['smtp', /SMTP server the journey runs.*without BASE_URL/],
    ['server-files', /log or data folder.*without BASE_URL/],
  ])('%s is never there, and the reason says what to do instead', (need, reason) => {
    expect(unmetReason([need], deployed)).toMatch(reason);
    expect(unmetReason([need], runSettings({ BASE_URL: STAGING, E2E_ADMIN: '1', DATABASE_URL: 'postgres://qa@db/app', E2E_DEMO_RESET: '1' }))).toMatch(reason);
  });

  it('the demo payment provider is missing unless the run says the instance serves it (E2E_DEMO_PAYMENT=1)', () => {
    const reason = unmetReason(['demo-payment'], deployed);
    expect(reason).toContain(STAGING);
    expect(reason).toContain('PAYPAL_MODE=demo');
    expect(reason).toContain('E2E_DEMO_PAYMENT=1');
    // Fresh rows or a demo reset give no payment provider.
    expect(unmetReason(['demo-payment'], runSettings({ BASE_URL: STAGING, E2E_ADMIN: '1', DATABASE_URL: 'postgres://qa@db/app', E2E_DEMO_RESET: '1' }))).toBe(reason);
    expect(unmetReason(['demo-payment'], runSettings({ BASE_URL: STAGING, E2E_DEMO_PAYMENT: '1' }))).toBeUndefined();
    expect(unmetReason(['demo-payment', 'smtp'], runSettings({ BASE_URL: STAGING, E2E_DEMO_PAYMENT: '1' }))).toMatch(/SMTP server/);
  });

  it('a single-use row is missing by default, and the reason names both ways to get one', () => {
    const reason = unmetReason(['single-use-row'], deployed);
    expect(reason).toContain(STAGING);
    expect(reason).toContain('npm run admin -- demo reset');
    expect(reason).toContain('E2E_DEMO_RESET=1');
    expect(reason).toContain('E2E_ADMIN=1');
    expect(rowSource(deployed)).toBe('unavailable');
  });

  it('after a demo reset (E2E_DEMO_RESET=1) the demo rows are used once', () => {
    const settings = runSettings({ BASE_URL: STAGING, E2E_DEMO_RESET: '1' });
    expect(unmetReason(['single-use-row'], settings)).toBeUndefined();
    expect(rowSource(settings)).toBe('demo');
  });

  it('with E2E_ADMIN=1 and the instance\'s PostgreSQL, fresh rows are made through the admin command line', () => {
    const settings = runSettings({ BASE_URL: STAGING, E2E_ADMIN: '1', DATABASE_URL: 'postgres://qa@db.example/app' });
    expect(unmetReason(['single-use-row'], settings)).toBeUndefined();
    expect(rowSource(settings)).toBe('admin');
  });

  it('E2E_ADMIN=1 without DATABASE_URL says that DATABASE_URL is missing, rather than open a PGlite folder the app holds', () => {
    const settings = runSettings({ BASE_URL: STAGING, E2E_ADMIN: '1', DATA_DIR: '/srv/app/.data' });
    expect(rowSource(settings)).toBe('unavailable');
    expect(unmetReason(['single-use-row'], settings)).toMatch(/E2E_ADMIN=1 needs DATABASE_URL/);
  });

  it('every unmet need is named when a journey has several', () => {
    const reason = unmetReason(['standin', 'server-files'], deployed)!;
    expect(reason).toContain('stand-in upstream');
    expect(reason).toContain('log or data folder');
  });

  it('an empty BASE_URL is the suite\'s own servers', () => {
    expect(unmetReason(ALL, runSettings({ BASE_URL: '' }))).toBeUndefined();
  });
});

it('tags are @needs-<need>, so that --grep-invert @needs- leaves what runs anywhere', () => {
  expect(ALL.map(tagOf)).toEqual(['@needs-standin', '@needs-limits', '@needs-own-server', '@needs-smtp', '@needs-server-files', '@needs-demo-payment', '@needs-single-use-row']);
});

describe('the test details a journey declares', () => {
  it('against BASE_URL, an unmet need is Playwright\'s skip annotation with the reason', () => {
    const settings = runSettings({ BASE_URL: STAGING });
    expect(detailsFor(['standin'], settings)).toEqual({ tag: ['@needs-standin'], annotation: [{ type: 'skip', description: unmetReason(['standin'], settings) }] });
  });

  it('a met need is only a tag: the journey runs', () => {
    expect(detailsFor(['single-use-row'], runSettings({}))).toEqual({ tag: ['@needs-single-use-row'], annotation: [] });
  });
});

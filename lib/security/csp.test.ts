import { allowedOriginsFor, contentSecurityPolicy, newNonce } from './csp';

const directives = (policy: string) => new Map(policy.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)] as const));

describe('contentSecurityPolicy', () => {
  const production = directives(contentSecurityPolicy({ nonce: 'abc123', dev: false }));

  it('runs only scripts with this response’s nonce, and what they load', () => {
    expect(production.get('script-src')).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
  });

  it.each([
    ['default-src', ["'self'"]],
    ['style-src', ["'self'", "'nonce-abc123'"]],
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'"]],
    ['frame-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ])('%s is %j', (directive, sources) => {
    expect(production.get(directive)).toEqual(sources);
  });

  it('allows neither eval nor inline scripts or style elements in production', () => {
    const policy = contentSecurityPolicy({ nonce: 'abc123', dev: false });
    expect(policy).not.toContain('unsafe-eval');
    expect(production.get('script-src')).not.toContain("'unsafe-inline'");
    expect(production.get('style-src')).not.toContain("'unsafe-inline'");
  });

  it('lets the development server eval and inject styles', () => {
    const dev = directives(contentSecurityPolicy({ nonce: 'abc123', dev: true }));
    expect(dev.get('script-src')).toContain("'unsafe-eval'");
    expect(dev.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('adds allowed origins to their directive, replacing a bare none', () => {
    const paypal = 'https://www.paypal.com';
    const policy = directives(
      contentSecurityPolicy({ nonce: 'n', dev: false, allowed: { 'script-src': [paypal], 'frame-src': [paypal], 'connect-src': [paypal] } }),
    );
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-n'", "'strict-dynamic'", paypal]);
    expect(policy.get('frame-src')).toEqual([paypal]);
    expect(policy.get('connect-src')).toEqual(["'self'", paypal]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('newNonce', () => {
  it('is 128 random bits in base64, new every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});

describe('allowedOriginsFor: PayPal on the portal pages only', () => {
  const policyFor = (pathname: string) => directives(contentSecurityPolicy({ nonce: 'n', dev: false, allowed: allowedOriginsFor(pathname) }));
  const paypal = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

  it.each(['/portal/PTDEMO01/1', '/portal/PTDEMO01', '/portal'])('%s may load PayPal’s script, frames, calls, styles and images', (pathname) => {
    const policy = policyFor(pathname);
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-n'", "'strict-dynamic'", ...paypal]);
    expect(policy.get('frame-src')).toEqual(paypal);
    expect(policy.get('connect-src')).toEqual(["'self'", ...paypal]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', ...paypal]);
    expect(policy.get('style-src')).toEqual(["'self'", "'nonce-n'", ...paypal]);
  });

  it('the portal still allows no inline script, no eval, no plugin and no framing of itself', () => {
    const policy = policyFor('/portal/PTDEMO01/1');
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
  });

  it.each(['/', '/home', '/home/ABC', '/error', '/kodew/ABC', '/questionnaire', '/portalx', '/portal-fake/1', '/de/portal/PTDEMO01/1', '/register'])(
    '%s keeps no PayPal origin',
    (pathname) => {
      const policy = contentSecurityPolicy({ nonce: 'n', dev: false, allowed: allowedOriginsFor(pathname) });
      expect(policy).not.toMatch(/paypal/i);
      expect(directives(policy).get('frame-src')).toEqual(["'none'"]);
    },
  );

  it('a policy built without a page’s origins has none', () => {
    expect(contentSecurityPolicy({ nonce: 'n', dev: false })).not.toMatch(/paypal/i);
  });
});

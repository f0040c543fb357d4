import { loadConfig } from '@/lib/config';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cookieConfigOf, cookiesSecure, isLoopbackHost } from './cookieSecurity';
import { serializeCookie, sessionCookie } from './cookies';
import { newSession } from './data';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cookie-security-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const SECRET = 's'.repeat(40);

/** The settings as an operator writes them, validated as at start. */
const settings = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, ...env });
const headers = (h: Record<string, string>) => (name: string) => h[name];

describe('isLoopbackHost', () => {
  it.each<[string | undefined, boolean]>([
    ['localhost', true],
    ['localhost:3000', true],
    ['LOCALHOST:3000', true],
    ['app.localhost:3000', true],
    ['127.0.0.1:3000', true],
    ['127.8.9.10', true],
    ['[::1]:3000', true],
    ['[::1]', true],
    ['example.org', false],
    ['localhost.example.org', false],
    ['127.0.0.1.example.org', false],
    ['192.168.1.5:3000', false],
    ['10.0.0.1', false],
    ['[::2]:3000', false],
    ['[::ffff:127.0.0.1]', false],
    ['', false],
    [undefined, false],
    ['local host', false],
  ])('%p → %p', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

describe('cookiesSecure: Secure per request', () => {
  it.each<[string, Record<string, string>, Record<string, string>, boolean]>([
    // The README's demo, opened in Safari on the same machine: plain http to localhost.
    ['production, http://localhost:3000', { NODE_ENV: 'production' }, { host: 'localhost:3000' }, false],
    ['production, http://127.0.0.1:3000', { NODE_ENV: 'production' }, { host: '127.0.0.1:3000' }, false],
    ['production, http://[::1]:3000', { NODE_ENV: 'production' }, { host: '[::1]:3000' }, false],
    // A deployment reached from elsewhere keeps Secure, whatever the scheme it was reached by.
    ['production, a public name', { NODE_ENV: 'production' }, { host: 'assess.example' }, true],
    ['production, a LAN address', { NODE_ENV: 'production' }, { host: '192.168.1.5:3000' }, true],
    ['production, no Host', { NODE_ENV: 'production' }, {}, true],
    // Behind a TLS-terminating proxy that forwards to localhost: its X-Forwarded-Proto, once trusted.
    ['production behind a trusted https proxy that keeps Host localhost', { NODE_ENV: 'production', TRUST_PROXY_HOPS: '1' }, { host: 'localhost:3000', 'x-forwarded-proto': 'https' }, true],
    ['production behind two proxies, the outer one https', { NODE_ENV: 'production', TRUST_PROXY_HOPS: '2' }, { host: 'localhost:3000', 'x-forwarded-proto': 'https, http' }, true],
    ['production behind a trusted http proxy to localhost', { NODE_ENV: 'production', TRUST_PROXY_HOPS: '1' }, { host: 'localhost:3000', 'x-forwarded-proto': 'http' }, false],
    // Without trusted proxies the header is the client's own word (server.mjs removes it; here it is ignored too).
    ['an untrusted X-Forwarded-Proto changes nothing', { NODE_ENV: 'production' }, { host: 'localhost:3000', 'x-forwarded-proto': 'https' }, false],
    // A public https address configured: Secure even for a request to localhost.
    ['production with PUBLIC_URL https, requested on localhost', { NODE_ENV: 'production', PUBLIC_URL: 'https://assess.example' }, { host: 'localhost:3000' }, true],
    ['production with PUBLIC_URL http, requested on localhost', { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }, { host: 'localhost:3000' }, false],
    // Development and tests never set Secure by default; COOKIE_SECURE decides alone when it is given.
    ['development, a public name', { NODE_ENV: 'development' }, { host: 'assess.example' }, false],
    ['COOKIE_SECURE=true on localhost in development', { NODE_ENV: 'development', COOKIE_SECURE: 'true' }, { host: 'localhost:3000' }, true],
    ['COOKIE_SECURE=true on localhost in production', { NODE_ENV: 'production', COOKIE_SECURE: 'true' }, { host: 'localhost:3000' }, true],
    ['COOKIE_SECURE=false on a public name in production', { NODE_ENV: 'production', COOKIE_SECURE: 'false' }, { host: 'assess.example' }, false],
  ])('%s → Secure %p', (_label, env, request, expected) => {
    expect(cookiesSecure(settings(env), headers(request))).toBe(expected);
  });
});

describe('cookieConfigOf: the cookies a request gets', () => {
  const session = newSession();
  it('a deployment behind https: __Host-session, Secure', () => {
    const config = settings({ NODE_ENV: 'production', TRUST_PROXY_HOPS: '1' });
    const cookie = serializeCookie(sessionCookie(session, cookieConfigOf(config, new Headers({ host: 'localhost:3000', 'x-forwarded-proto': 'https' }))));
    expect(cookie).toMatch(/^__Host-session=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });
  it('the demo on http://localhost: plain session, not Secure, still HttpOnly', () => {
    const config = settings({ NODE_ENV: 'production' });
    const cookie = serializeCookie(sessionCookie(session, cookieConfigOf(config, new Headers({ host: 'localhost:3000' }))));
    expect(cookie).toMatch(/^session=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cookieConfigOf } from '@/lib/session/cookieSecurity';
import { loadConfig, type AppConfig } from '@/lib/config';
import { imageFingerprint, imageSha256 } from '@/lib/content/images';
import { serializeCookie, sessionCookie } from '@/lib/session/cookies';
import { newSession, type SessionData } from '@/lib/session/data';
import type { FailureKind, sendCall } from '@/lib/upstream/client';
import { questionImagePath } from '@/lib/flows/questionImage';
import { handleImage } from './handleImage';

const ORIGIN = 'https://assess.example';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-test-'));
const config: AppConfig = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40), NODE_ENV: 'production' });
/** The cookies of a production deployment reached by its public name (Secure, __Host-). */
const cookieConfig = cookieConfigOf(config, new Headers({ host: 'assess.example' }));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const TOKEN = `${b64({ alg: 'HS256' })}.${b64({ product: 4, isLoggedIn: true })}.sig`;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IHDR'), Buffer.from([0, 0, 1, 0xe0, 0, 0, 1, 0x0e]), Buffer.from('pixels')]);
const FINGERPRINT = imageFingerprint(imageSha256(PNG));

type Sent = { path: string; body: Record<string, unknown> };

function fakeSend(result: { response: unknown; failure?: FailureKind }) {
  const calls: Sent[] = [];
  const send = (async (callPath: string, body: Record<string, unknown>) => {
    calls.push({ path: callPath, body });
    return result;
  }) as unknown as typeof sendCall;
  return { send, calls };
}

type Options = { key?: string; query?: string; method?: string; session?: SessionData | null; headers?: Record<string, string> };

async function get(result: { response: unknown; failure?: FailureKind }, options: Options = {}) {
  const session = options.session === undefined ? newSession({ token: TOKEN, uiLanguage: 'en-US', questionnaireLanguage: 'fr-FR' }) : options.session;
  const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', ...options.headers };
  if (session) headers.cookie = serializeCookie(sessionCookie(session, cookieConfig)).split(';')[0]!;
  const key = options.key ?? 'strength-1';
  const request = new Request(`${ORIGIN}/questionnaire-image/${encodeURIComponent(key)}${options.query ?? ''}`, { method: options.method ?? 'GET', headers });
  const fake = fakeSend(result);
  const response = await handleImage(request, key, { config, send: fake.send });
  return { response, calls: fake.calls };
}

const asImage = { response: PNG.toString('base64') };

describe('the question image route (GET /questionnaire-image/<imageKey>)', () => {
  it('asks the upstream for the image with the session’s token and serves it as a real PNG', async () => {
    const { response, calls } = await get(asImage);
    expect(calls).toEqual([{ path: 'loadImage', body: { category: 'strength-1', token: TOKEN, uiLanguage: 'en-US', questionnaireLanguage: 'fr-FR', product: 4 } }]);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      etag: `"${FINGERPRINT}"`,
    });
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('is cached for a year under the address of its fingerprint, and revalidated under any other', async () => {
    expect((await get(asImage, { query: `?v=${FINGERPRINT}` })).response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect((await get(asImage, { query: '?v=0000000000000000' })).response.headers.get('cache-control')).toBe('private, no-cache');
    expect((await get(asImage)).response.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('answers 304 without a body when the browser holds these bytes', async () => {
    const { response } = await get(asImage, { headers: { 'if-none-match': `W/"other", "${FINGERPRINT}"` } });
    expect(response.status).toBe(304);
    expect(response.headers.get('etag')).toBe(`"${FINGERPRINT}"`);
    expect(await response.text()).toBe('');
    expect((await get(asImage, { headers: { 'if-none-match': '"other"' } })).response.status).toBe(200);
  });

  it('HEAD: the headers without the bytes', async () => {
    const { response } = await get(asImage, { method: 'HEAD' });
    expect([response.status, response.headers.get('content-type'), await response.text()]).toEqual([200, 'image/png', '']);
  });

  it.each<[string, Options, number]>([
    ['no session', { session: null }, 403],
    ['a session without a token', { session: newSession() }, 403],
    ['a request from another site', { headers: { 'sec-fetch-site': 'cross-site' } }, 403],
    ['a key with a path in it', { key: '../../etc/passwd' }, 404],
    ['a key with a dot', { key: 'strength-1.svg' }, 404],
    ['POST', { method: 'POST' }, 405],
  ])('refuses %s (%s) without asking the upstream', async (_name, options, status) => {
    const { response, calls } = await get(asImage, options);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(calls).toEqual([]);
  });

  it.each<[string, { response: unknown; failure?: FailureKind }, number, RegExp]>([
    ['an unknown image key', { response: { statusCode: 2, detailCode: 12 } }, 404, /no image of this key/],
    ['a token the upstream refuses', { response: { statusCode: 3, detailCode: 23 } }, 403, /not yours/],
    ['an SVG in base64', { response: Buffer.from('<svg onload="alert(1)"/>').toString('base64') }, 502, /no PNG, JPEG, GIF or WebP/],
    ['text that is not base64', { response: '<html>' }, 502, /no PNG, JPEG, GIF or WebP/],
    ['an upstream down', { response: { statusCode: 13, detailCode: 24 }, failure: 'unreachable' }, 502, /did not answer/],
    ['an upstream too slow', { response: { statusCode: 13, detailCode: 24 }, failure: 'timeout' }, 504, /in time/],
    ['an upstream without the call', { response: { statusCode: 13, detailCode: 24 }, failure: 'not-available' }, 404, /not available/],
  ])('%s: %s, JSON naming it, never an image', async (_name, result, status, error) => {
    const { response } = await get(result);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await response.json()).error).toMatch(error);
  });

  it('pages name the image by its key and, where known, the fingerprint of its bytes (lib/flows/questionImage.ts)', () => {
    expect(questionImagePath('strength-1', FINGERPRINT)).toBe(`/questionnaire-image/strength-1?v=${FINGERPRINT}`);
    expect(questionImagePath('strength-1', null)).toBe('/questionnaire-image/strength-1');
    expect(questionImagePath('strength-1', 'not a fingerprint')).toBe('/questionnaire-image/strength-1');
  });
});

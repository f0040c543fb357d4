import type { Database } from '@/lib/embedded-api/db/database';
import { sendTo, startTestApi, testSettings, type Handle } from '@/lib/embedded-api/testApi';
import { checkLogo, MAX_HEADER_LOGO_CHARS, MAX_KEPT_LOGO_CHARS } from '@/lib/validation/branding';
import { changeBranding, logoProblemText, showBranding } from './branding';
import { consoleTranslator } from './console/texts';
import { LOGO_MAX_BYTES } from './logoImage';
import { pngChunk, tinyPng, TINY_JPEG } from './testImages';
import { Client } from 'pg';
import { HEADER_FOOTER_CHANNEL, onHeaderFooterChange } from '@/lib/signals/headerFooter';

/**
 * The branding as an operator changes it (`changeBranding`, the function both doors call) and as
 * participants then get it: the ident code's answer and the header/footer's, read afresh each time.
 */
let db: Database;
let handle: Handle;

beforeAll(async () => {
  ({ db, handle } = await startTestApi(testSettings('b'.repeat(40))));
}, 60_000);

afterAll(async () => db?.close());

const identCode = async (code = 'P1DEMO01') => (await sendTo(handle, 'submit/kodekodex/identcode', { assessmentIdentCode: code }, '192.0.2.20')).answer;
const headerFooter = async (token?: string) => (await sendTo(handle, 'pageinfo/headerfooter', { uiLanguage: 'de-DE', ...(token && { token }) }, '192.0.2.20')).answer;
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** A connection of another process's kind, listening on the test's own database (the PostgreSQL pass). */
async function notifications(channel: string) {
  const [own] = await db.query<{ name: string }>('select current_database() as name');
  // eslint-disable-next-line no-restricted-properties -- a test-only setting, never read by the app
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${own!.name}`;
  const client = new Client({ connectionString: url.href });
  await client.connect();
  const received: string[] = [];
  client.on('notification', (message) => received.push(message.payload ?? ''));
  await client.query(`listen ${channel}`);
  return { received, close: () => client.end() };
}

/** A PNG too large for the session cookie, yet well within the upload's limit. */
const LARGER_PNG = (() => {
  const small = tinyPng(2, 2);
  return Buffer.concat([small.subarray(0, 33), pngChunk('pHYs', new Uint8Array(2000)), small.subarray(33)]);
})();

describe('the branding before any change', () => {
  it('the product\u2019s mark and the default theme, in both answers', async () => {
    expect(await showBranding(db)).toEqual({ theme: 'default' });
    expect(await headerFooter()).toMatchObject({ stylesheet: 'default', logoFileExtension: 'svg' });
    expect(await identCode()).toMatchObject({ statusCode: 1, stylesheet: 'default', logoDataBase64: null, logoFileExtension: null });
  });
});

describe('changeBranding', () => {
  it('a small PNG and a theme: both answers carry them from the next call on, and the audit names what changed, not the image', async () => {
    const png = tinyPng(24, 8);
    const outcome = await changeBranding(db, { theme: 'Green', logo: png });
    expect(outcome).toMatchObject({
      status: 'changed',
      audit: { subject: 'theme, logo', details: { theme: 'green', logoType: 'png', logoBytes: png.length, logoWidth: 24, logoHeight: 8 } },
      branding: { theme: 'green', logo: { type: 'png', width: 24, height: 8, dataBase64: base64(png) } },
    });
    expect(JSON.stringify(outcome.status === 'changed' && outcome.audit)).not.toContain(base64(png).slice(0, 20));
    expect(await headerFooter()).toMatchObject({ stylesheet: 'green', logoFileExtension: 'png', logoDataBase64: base64(png) });
    const answer = await identCode();
    expect(answer).toMatchObject({ statusCode: 1, stylesheet: 'green', logoFileExtension: 'png', logoDataBase64: base64(png) });
    // What the participant's session keeps of it: all of it.
    expect(checkLogo(answer.logoFileExtension, answer.logoDataBase64, MAX_KEPT_LOGO_CHARS)).toMatchObject({ kind: 'ok' });
  });

  it('the theme alone leaves the logo; a JPEG alone leaves the theme', async () => {
    expect(await changeBranding(db, { theme: 'dark-blue' })).toMatchObject({ status: 'changed', audit: { subject: 'theme', details: { theme: 'dark-blue' } }, branding: { logo: { type: 'png' } } });
    expect(await changeBranding(db, { logo: TINY_JPEG })).toMatchObject({ status: 'changed', audit: { subject: 'logo' }, branding: { theme: 'dark-blue', logo: { type: 'jpeg', width: 3, height: 2 } } });
    expect(await identCode()).toMatchObject({ stylesheet: 'dark-blue', logoFileExtension: 'jpeg', logoDataBase64: base64(TINY_JPEG) });
  });

  it('a logo larger than the session keeps comes with the header/footer answer only', async () => {
    expect(base64(LARGER_PNG).length).toBeGreaterThan(MAX_KEPT_LOGO_CHARS);
    expect(await changeBranding(db, { logo: LARGER_PNG })).toMatchObject({ status: 'changed' });
    expect(await identCode()).toMatchObject({ stylesheet: 'dark-blue', logoDataBase64: null, logoFileExtension: null });
    expect(await headerFooter()).toMatchObject({ logoFileExtension: 'png', logoDataBase64: base64(LARGER_PNG) });
  });

  it('the largest logo the upload takes is one the header shows', () => {
    expect(Math.ceil(LOGO_MAX_BYTES / 3) * 4).toBeLessThanOrEqual(MAX_HEADER_LOGO_CHARS);
  });

  it('an assessment\u2019s own theme wins over the operator\u2019s, in both answers', async () => {
    await db.query(`update assessment set stylesheet = 'portal' where ident_code = 'P1DEMO01'`);
    try {
      const answer = await identCode();
      expect(answer).toMatchObject({ statusCode: 1, stylesheet: 'portal' });
      expect(await headerFooter(answer.token)).toMatchObject({ stylesheet: 'portal' });
      expect(await headerFooter()).toMatchObject({ stylesheet: 'dark-blue' });
    } finally {
      await db.query(`update assessment set stylesheet = 'default' where ident_code = 'P1DEMO01'`);
    }
  });

  it.each([
    ['an SVG', { logo: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }, { status: 'refusedLogo', refused: { problem: 'svg' } }],
    ['a truncated PNG', { logo: tinyPng(4, 4).subarray(0, 50) }, { status: 'refusedLogo', refused: { problem: 'damaged', type: 'png' } }],
    ['an unknown theme', { theme: 'purple', logo: tinyPng(4, 4) }, { status: 'unknownTheme', theme: 'purple' }],
  ])('%s changes nothing', async (_name, request, expected) => {
    const before = await showBranding(db);
    expect(await changeBranding(db, request)).toEqual(expected);
    expect(await showBranding(db)).toEqual(before);
  });

  it('a change is told to every copy of the header and footer: this process at once, the others by a notification; a refused one is not', async () => {
    const heard = jest.fn();
    const stop = onHeaderFooterChange(heard);
    // On PostgreSQL the notification is real; PGlite takes pg_notify and has no one to tell.
    const listener = db.kind === 'postgres' ? await notifications(HEADER_FOOTER_CHANNEL) : undefined;
    try {
      await changeBranding(db, { theme: 'purple' });
      expect(heard).not.toHaveBeenCalled();
      await changeBranding(db, { theme: 'green' });
      expect(heard).toHaveBeenCalledTimes(1);
      if (listener) {
        for (let i = 0; i < 250 && listener.received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(listener.received).toEqual(['branding']);
      }
      await changeBranding(db, { theme: 'dark-blue' });
      expect(heard).toHaveBeenCalledTimes(2);
    } finally {
      stop();
      await listener?.close();
    }
  });

  it('removing the logo brings the product\u2019s mark back and keeps the theme; with none left, there is nothing to remove', async () => {
    expect(await changeBranding(db, { logo: 'remove' })).toMatchObject({ status: 'changed', audit: { subject: 'logo removed', details: {} }, branding: { theme: 'dark-blue' } });
    expect((await showBranding(db)).logo).toBeUndefined();
    expect(await headerFooter()).toMatchObject({ stylesheet: 'dark-blue', logoFileExtension: 'svg' });
    expect(await changeBranding(db, { logo: 'remove' })).toEqual({ status: 'noLogo' });
  });
});

describe('a refused logo, as the operator reads it', () => {
  it.each([
    ['de', { problem: 'tooLarge', bytes: 40_000 }, 'Die Datei hat 39,1 KB; ein Logo darf höchstens 16 KB haben.'],
    ['en', { problem: 'tooLarge', bytes: 40_000 }, 'The file has 39.1 KB; a logo may have at most 16 KB.'],
    ['en', { problem: 'dimensions', width: 4000, height: 10 }, 'The image has 4000 × 10 pixels; a logo may have at most 2048 × 2048 pixels.'],
    ['de', { problem: 'damaged', type: 'jpeg' }, 'Diese JPEG-Datei ist beschädigt oder unvollständig. Bitte speichern Sie das Bild neu und laden Sie es erneut hoch.'],
    ['en', { problem: 'svg' }, 'SVG is not accepted as a logo, as it can carry scripts and links. Please upload a PNG or JPEG.'],
  ] as const)('%s %j', (language, problem, text) => {
    expect(logoProblemText(consoleTranslator(language, 'branding'), language, problem)).toBe(text);
  });
});

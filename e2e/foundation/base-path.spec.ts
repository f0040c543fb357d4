import fs from 'node:fs';
import { hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, needs, test } from '../support/deployed';
import { startEdgeServer, type EdgeServer } from '../support/edgeServer';
import { pageIndicator, questions } from '../support/questionnaire';

/**
 * The app under a path of its host (docs/operations.md, "Under a path (BASE_PATH)"): the build
 * `npm run build:base-path` makes with BASE_PATH=/assessment into .next-assessment, started as
 * `npm start` starts it, with PUBLIC_URL under the path, behind a TLS proxy that says https
 * (X-Forwarded-Proto, trusted with TRUST_PROXY_HOPS=1) as a production deployment is. Every page,
 * call, redirect, asset and cookie stays under /assessment; the paths without it are nobody's; and
 * the cookies stay Secure, though the browser's own hop is http://localhost (lib/session/cookieSecurity.ts).
 */
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 80;
const ORIGIN = `http://localhost:${PORT}`;
const BASE = `${ORIGIN}/assessment`;
const DIST_DIR = '.next-assessment';

test.describe('@foundation under a base path (/assessment)', needs('own-server'), () => {
  // What the TLS proxy in front adds to every request it forwards.
  test.use({ extraHTTPHeaders: { 'x-forwarded-proto': 'https' } });
  let server: EdgeServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    if (!fs.existsSync(`${DIST_DIR}/BUILD_ID`)) throw new Error(`no build in ${DIST_DIR}: run npm run build:base-path first`);
    server = await startEdgeServer(PORT, { NEXT_DIST_DIR: DIST_DIR, BASE_PATH: '/assessment', PUBLIC_URL: BASE, TRUST_PROXY_HOPS: '1' });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  // Docs: operations.md, "Every core". Instances built apart (here: this build and the main one in .next, each
  // with its own `next build`) take each other's forms only when both builds had the same
  // NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: Next names a server action by a hash salted with it. npm test sets one key.
  test('a build made apart with the same NEXT_SERVER_ACTIONS_ENCRYPTION_KEY names every server action as the main build does', () => {
    type Manifest = { node: Record<string, { exportedName?: string; filename?: string }>; encryptionKey?: string };
    const read = (dir: string) => JSON.parse(fs.readFileSync(`${dir}/server/server-reference-manifest.json`, 'utf8')) as Manifest;
    const main = read('.next');
    const apart = read(DIST_DIR);
    expect(apart.encryptionKey, 'build both with the same NEXT_SERVER_ACTIONS_ENCRYPTION_KEY, as npm test does').toBe(main.encryptionKey);
    const names = (manifest: Manifest) => Object.entries(manifest.node).map(([id, action]) => `${action.filename}#${action.exportedName} ${id}`).sort();
    // The participants' header forms (language, sign-out) and every console form among them.
    expect(names(apart)).toEqual(names(main));
    expect(names(main).some((name) => name.startsWith('lib/session/actions.ts#chooseLanguage '))).toBe(true);
  });

  test('a participant goes from the deep link through the manual to the questionnaire, turns a page, changes the language and signs out, all under /assessment', async ({ page }) => {
    // Every address the page asks for is under the base path: a call to /api/… or /_next/… would be a 404.
    const outside: string[] = [];
    const failedCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === ORIGIN && !url.pathname.startsWith('/assessment/') && url.pathname !== '/assessment') outside.push(url.pathname);
    });
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/assessment/api/') && response.status() >= 400) failedCalls.push(`${response.status()} ${url.pathname}`);
    });

    await page.goto(`${BASE}/home/P1VIEW001`);
    await page.waitForURL(`${BASE}/accesscode`);
    await hydrated(page);
    await page.getByLabel('Persönlicher Zugangscode').fill('VIEW4711');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(`${BASE}/questionnairemanual`);
    // The header's logo is rendered; the icon (public/logo.svg) is named under the prefix.
    const logo = page.getByRole('banner').getByRole('img').first();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/assessment/logo.svg');
    await expectNoAxeViolations(page);

    // The session cookie is the app's alone: Path=/assessment, so __Secure- (not __Host-, which needs Path=/);
    // Secure, since the proxy in front said https.
    const cookies = await page.context().cookies(BASE);
    expect(cookies.find((cookie) => cookie.name === '__Secure-session')).toMatchObject({ path: '/assessment', httpOnly: true, secure: true });
    expect(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')).toMatchObject({ path: '/assessment' });
    expect(cookies.map((cookie) => cookie.name)).not.toContain('__Host-session');

    await hydrated(page);
    await page.getByRole('link', { name: 'Weiter' }).click();
    await page.waitForURL(`${BASE}/questionnaire`);
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
    await hydrated(page);
    const count = await questions(page).count();
    for (let q = 0; q < count; q++) {
      const rows = questions(page).nth(q).locator('fieldset');
      for (let r = 0; r < 4; r++) await rows.nth(r).getByRole('radio', { name: new RegExp(`^${r + 1}\\b`) }).check();
    }
    const turned = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/assessment/api/') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Weiter' }).click();
    expect((await turned).status()).toBe(200);
    await expect(pageIndicator(page)).toHaveText('Seite 2 von 6');
    await expectNoAxeViolations(page);

    // The header's language change reloads the content in English, under the base path.
    await page.getByLabel('Sprache').selectOption('en-US');
    await page.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByText(/^Page \d+ of \d+$/)).toHaveText('Page 2 of 6');
    expect(new URL(page.url()).pathname).toBe('/assessment/questionnaire');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/assessment\/info\?statusCode=1&detailCode=20$/);
    await expect(page.getByRole('main').getByRole('status')).toBeVisible();
    await expectNoAxeViolations(page);

    expect(outside).toEqual([]);
    expect(failedCalls).toEqual([]);
  });

  test('a group deep link /assessment/kodew/KWDEMO01/en opens the form in English with the code filled in', async ({ page }) => {
    await page.goto(`${BASE}/kodew/KWDEMO01/en`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in with a group code' })).toBeVisible();
    await hydrated(page);
    await expect(page.getByLabel('Group code', { exact: true })).toHaveValue('KWDEMO01');
    await expectNoAxeViolations(page);
  });

  test('the build\'s scripts (precompressed), styles and public files load under the prefix; nothing answers outside it', async ({ page, request }) => {
    const html = await (await request.get(`${BASE}/support`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css|svg))"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) expect(asset).toMatch(/^\/assessment\//);
    const script = assets.find((asset) => asset.endsWith('.js'))!;
    const compressed = await request.get(`${ORIGIN}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.status()).toBe(200);
    expect(compressed.headers()['content-encoding']).toBe('br');
    expect((await request.get(`${BASE}/logo.svg`)).headers()['content-type']).toMatch(/^image\/svg\+xml/);

    // The paths without the prefix: the 404 page (with its assets under the prefix), or JSON for a call.
    const missing = await page.goto(`${ORIGIN}/home/P1VIEW001`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    expect((await request.get(`${ORIGIN}/`)).status()).toBe(404);
    expect((await request.get(`${ORIGIN}/logo.svg`)).status()).toBe(404);
    const call = await request.post(`${ORIGIN}/api/pageinfo/headerfooter`, { headers: { origin: ORIGIN }, data: {} });
    expect(call.status()).toBe(404);
    expect(await call.json()).toMatchObject({ error: 'no route outside the base path /assessment' });
  });
});

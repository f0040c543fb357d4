import CryptoJS from 'crypto-js';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

/** The embedded defaults of CLIENT_CRYPTO_KEY and CLIENT_CRYPTO_IV (lib/config/schema.ts). */
const KEY = 'Kx7#pQ2!vR9$mW4z';
const IV = 'iV3@bN8&cT5*hJ1q';

export function encryptCode(code: string): string {
  return CryptoJS.AES.encrypt(code, CryptoJS.enc.Utf8.parse(KEY), {
    iv: CryptoJS.enc.Utf8.parse(IV),
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  }).toString();
}

export async function xsrfToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF-TOKEN cookie: load a page first');
  return cookie.value;
}

/** Posts a call through the proxy as the page's own script would: same origin, XSRF header. */
export async function callApi(page: Page, path: string, body: unknown, request: APIRequestContext = page.request) {
  const origin = new URL(page.url()).origin;
  return request.post(`${origin}/api/${path}`, {
    data: body,
    headers: { 'x-xsrf-token': await xsrfToken(page.context()), origin },
  });
}

/** Signs in through the real calls (ident code, then access code), as the flow's pages do. */
export async function signIn(page: Page, identCode: string, accessCode: string): Promise<void> {
  await page.goto('/support');
  const ident = await callApi(page, 'submit/kodekodex/identcode', { assessmentIdentCode: identCode });
  if ((await ident.json()).statusCode !== 1) throw new Error(`ident code ${identCode} refused`);
  const login = await (await callApi(page, 'submit/kodekodex/login', { passwordHash: encryptCode(accessCode) })).json();
  // A locked assessment answers statusCode 1 too; a fresh row's assessor has no name (username '').
  if (login.statusCode !== 1 || login.tokenClaims?.isLoggedIn !== true) throw new Error(`login with ${identCode} refused`);
}

/** Types a code into the access-code page and signs in, as a participant does. */
export async function enterAccessCode(page: Page, code: string): Promise<void> {
  // A deep link first validates the ident code and then loads /accesscode: wait for that page.
  await page.waitForURL(/\/accesscode$/);
  await hydrated(page);
  await page.getByLabel('Persönlicher Zugangscode').fill(code);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/** Waits until the page's script runs (<html data-hydrated>); e2e/foundation/before-scripts.spec.ts covers what happens before. */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

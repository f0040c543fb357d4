import { expect, test } from '../support/deployed';
import { callApi, xsrfToken } from '../support/api';

test.describe('@foundation proxy refusals', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/support');
  });

  test('@deployed an unknown path is 404', async ({ page }) => {
    const answer = await callApi(page, 'submit/everything', {});
    expect(answer.status()).toBe(404);
    expect(await answer.json()).toMatchObject({ statusCode: 0, detailCode: 0, error: expect.stringContaining('submit/everything') });
  });

  test('a method other than POST is 405', async ({ page }) => {
    const answer = await page.request.get('/api/pageinfo');
    expect(answer.status()).toBe(405);
    expect(answer.headers()['allow']).toBe('POST');
    expect((await answer.json()).error).toContain('POST');
  });

  test('a missing or wrong XSRF token is 403', async ({ page }) => {
    const missing = await page.request.post('/api/pageinfo', { data: {} });
    expect(missing.status()).toBe(403);
    const wrong = await page.request.post('/api/pageinfo', { data: {}, headers: { 'x-xsrf-token': 'forged.token' } });
    expect(wrong.status()).toBe(403);
    expect((await wrong.json()).error).toContain('X-XSRF-TOKEN');
  });

  test('a cross-site request is 403 even with the right token', async ({ page }) => {
    const answer = await page.request.post('/api/pageinfo', {
      data: {},
      headers: { 'x-xsrf-token': await xsrfToken(page.context()), origin: 'https://evil.example' },
    });
    expect(answer.status()).toBe(403);
  });

  test('a body over 256 KiB is 413', async ({ page }) => {
    const answer = await callApi(page, 'pageinfo', { category: 'x'.repeat(300 * 1024) });
    expect(answer.status()).toBe(413);
  });

  test('a body that breaks the contract is 400 naming the field', async ({ page }) => {
    const wrongType = await callApi(page, 'pageinfo', { uiLanguage: 'klingon' });
    expect(wrongType.status()).toBe(400);
    expect((await wrongType.json()).error).toMatch(/^uiLanguage:/);
    const unknown = await callApi(page, 'submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01', admin: true });
    expect(unknown.status()).toBe(400);
    expect((await unknown.json()).error).toContain("'admin'");
    const notJson = await page.request.post('/api/pageinfo', {
      data: '{not json',
      headers: { 'x-xsrf-token': await xsrfToken(page.context()), 'content-type': 'application/json' },
    });
    expect(notJson.status()).toBe(400);
  });

  test('a valid call passes and its answer has no token', async ({ page }) => {
    const answer = await callApi(page, 'pageinfo/headerfooter', { uiLanguage: 'fr-FR' });
    expect(answer.status()).toBe(200);
    const body = await answer.json();
    expect(body.statusCode).toBe(1);
    expect(body.translations).toContainEqual({ key: 'ImprintTitle', value: 'Mentions légales' });
  });
});

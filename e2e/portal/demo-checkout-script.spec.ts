import type { Page } from '@playwright/test';
import { expect, needs, test } from '../support/deployed';
import { contentSecurityPolicy } from '../../lib/security/csp';
import { expectNoAxeViolations } from '../support/axe';

/**
 * The demo provider's checkout script as a browser runs it, served by the running app
 * (GET /api/paypal-demo/sdk/js) and talking to the app's demo Orders API, on a bare page of the
 * app's origin under the app's own Content-Security-Policy (nonce and 'strict-dynamic'), loaded as
 * @paypal/react-paypal-js loads it (a <script src> with nonce and data-csp-nonce). The portal's own
 * journeys (the summary page) drive the same script through the page.
 */
const NONCE = 'ZGVtby1wcm92aWRlci10ZXN0';
const TEST_PAGE = '/__demo-checkout-script-test';
const BASIC = `Basic ${Buffer.from('demo-client:demo-secret').toString('base64')}`;
const ORDER = {
  intent: 'CAPTURE',
  purchase_units: [{ amount: { currency_code: 'EUR', value: '345.67' }, description: 'Kompetenzanalyse Online 1', custom_id: 'PT-E2EDEMOSCRIPT000001' }],
};

/** The page: records what the buttons report in window.__events and every CSP violation in window.__violations. */
const PAGE_HTML = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Demo checkout script</title></head>
<body><main><h1>Zusammenfassung</h1><div id="paypal"></div></main>
<script nonce="${NONCE}">
  window.__events = [];
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', function (event) { window.__violations.push(event.violatedDirective + ' ' + event.blockedURI); });
  var script = document.createElement('script');
  script.src = '/api/paypal-demo/sdk/js?client-id=demo-client&currency=EUR&locale=de_DE&intent=capture&components=buttons';
  script.setAttribute('nonce', '${NONCE}');
  script.setAttribute('data-csp-nonce', '${NONCE}');
  script.onload = function () {
    window.paypal.Buttons({
      style: { color: 'gold', shape: 'pill', label: 'checkout', height: 40 },
      createOrder: function (data, actions) { return actions.order.create(${JSON.stringify(ORDER)}); },
      onApprove: function (data) { window.__events.push(['approve', data.orderID]); },
      onCancel: function (data) { window.__events.push(['cancel', data.orderID]); },
      onError: function (error) { window.__events.push(['error', String(error && error.message)]); }
    }).render('#paypal');
  };
  document.head.insertBefore(script, document.head.firstElementChild);
</script></body></html>`;

async function openTestPage(page: Page) {
  // Only this page is made up; the script and every call it makes go to the running app.
  await page.route(`**${TEST_PAGE}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', headers: { 'content-security-policy': contentSecurityPolicy({ nonce: NONCE, dev: false }) }, body: PAGE_HTML }),
  );
  await page.goto(TEST_PAGE);
  const button = page.getByRole('button', { name: 'Mit PayPal bezahlen (Demo)' });
  await expect(button).toBeVisible();
  return button;
}

const events = (page: Page) => page.evaluate(() => (window as unknown as { __events: Array<[string, string]> }).__events);
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

test.describe('@portal the demo checkout script from the running app', () => {
  test('is served as JavaScript that the browser may cache', needs('demo-payment'), async ({ request }) => {
    const response = await request.get('/api/paypal-demo/sdk/js?client-id=demo-client&locale=de_DE');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers()['cache-control']).toContain('max-age=');
    expect(await response.text()).toContain('window.paypal');
  });

  test('runs under the CSP: button, no-money line, dialog, approve → onApprove; axe finds nothing; the order is approved', needs('demo-payment'), async ({ page, request }) => {
    const button = await openTestPage(page);
    await expect(page.getByText('Demo: Es wird kein Geld bewegt.')).toBeVisible();
    await expectNoAxeViolations(page);

    await button.click();
    const dialog = page.getByRole('dialog', { name: 'PayPal (Demo)' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('345,67 EUR');
    await expect(dialog).toContainText('Kompetenzanalyse Online 1');
    await expect(dialog.getByRole('button', { name: 'Zahlung bestätigen (Demo)' })).toBeFocused();
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Zahlung bestätigen (Demo)' }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await expect.poll(() => events(page)).toEqual([['approve', expect.stringMatching(/^[A-Z0-9]{17}$/)]]);
    expect(await violations(page)).toEqual([]);

    // What the server will find when it verifies: the order, approved, of this amount.
    const orderId = (await events(page))[0]![1];
    const token = await request.post('/api/paypal-demo/v1/oauth2/token', { headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' }, data: 'grant_type=client_credentials' });
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    const order = await request.get(`/api/paypal-demo/v2/checkout/orders/${orderId}`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(await order.json()).toMatchObject({ id: orderId, status: 'APPROVED', purchase_units: [{ amount: { currency_code: 'EUR', value: '345.67' } }] });
  });

  test('keyboard alone: Enter opens, Tab stays in the dialog, Escape cancels → onCancel', needs('demo-payment'), async ({ page }) => {
    const button = await openTestPage(page);
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'PayPal (Demo)' });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await expect.poll(() => events(page)).toEqual([['cancel', expect.any(String)]]);
  });

  test('a provider error (the Orders API answering 500) reaches onError; the next try works', needs('demo-payment'), async ({ page }) => {
    const button = await openTestPage(page);
    await page.route('**/api/paypal-demo/v2/checkout/orders', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ name: 'INTERNAL_SERVER_ERROR', message: 'x', debug_id: 'e2e' }) }),
    );
    await button.click();
    await expect.poll(() => events(page)).toEqual([['error', expect.stringContaining('INTERNAL_SERVER_ERROR')]]);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.unroute('**/api/paypal-demo/v2/checkout/orders');
    await button.click();
    await expect(page.getByRole('dialog', { name: 'PayPal (Demo)' })).toBeVisible();
  });

  test('fits a 320 px phone: the button and the dialog within the width, nothing scrolls sideways', needs('demo-payment'), async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const button = await openTestPage(page);
    expect((await button.boundingBox())!.width).toBeLessThanOrEqual(320);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'PayPal (Demo)' });
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoAxeViolations(page);
  });

  test('a script cannot create or approve orders: without an Origin of this app, 403', needs('demo-payment'), async ({ request, baseURL }) => {
    // A browser page of the app sends its Origin with every POST; curl or a script sends none, or another one.
    const created = await request.post('/api/paypal-demo/v2/checkout/orders', { data: ORDER });
    expect(created.status()).toBe(403);
    const elsewhere = await request.post('/api/paypal-demo/v2/checkout/orders', { headers: { origin: 'https://elsewhere.example' }, data: ORDER });
    expect(elsewhere.status()).toBe(403);
    const own = await request.post('/api/paypal-demo/v2/checkout/orders', { headers: { origin: new URL(baseURL!).origin }, data: ORDER });
    expect(own.status()).toBe(201);
    const { id } = (await own.json()) as { id: string };
    expect((await request.post(`/api/paypal-demo/v2/checkout/orders/${id}/approve`)).status()).toBe(403);
    expect((await request.post(`/api/paypal-demo/v2/checkout/orders/${id}/approve`, { headers: { origin: new URL(baseURL!).origin } })).status()).toBe(200);
  });

  test('not served next to a real upstream: 404 JSON for the script and the API', needs('standin'), async ({ request }) => {
    const front = process.env.E2E_FRONT_URL!;
    for (const path of ['/api/paypal-demo/sdk/js', '/api/paypal-demo/v2/checkout/orders/ABC']) {
      const response = await request.get(`${front}${path}`);
      expect(response.status()).toBe(404);
      expect(await response.json()).toMatchObject({ error: expect.stringContaining('PAYPAL_MODE') });
    }
  });
});

import { JSDOM, ResourceLoader, VirtualConsole } from 'jsdom';
import { checkoutScript } from './checkoutScriptSource';

/**
 * The demo checkout script as served (its parts in checkoutScript/ joined) in a browser document
 * (jsdom), loaded by a <script src> as @paypal/react-paypal-js loads it, driven as the portal page
 * and a buyer drive it: the button, the dialog, approve, cancel, a failing order, the keyboard. The demo Orders API is
 * answered by a stub of fetch that records what the script asked.
 */
const SCRIPT = checkoutScript();
const ORIGIN = 'http://shop.test';
const ORDER_ID = 'ORDER0000000000042';
const BODY = {
  intent: 'CAPTURE',
  purchase_units: [{ amount: { currency_code: 'EUR', value: '345.67' }, description: 'Kompetenzanalyse Online 1', custom_id: 'PT-ABCDEFGHJKLMNPQRSTUV' }],
};

class ScriptLoader extends ResourceLoader {
  override fetch(url: string) {
    const loaded = new URL(url).pathname === '/api/paypal-demo/sdk/js' ? Promise.resolve(Buffer.from(SCRIPT)) : Promise.reject(new Error(`no ${url}`));
    return Object.assign(loaded, { abort: () => undefined });
  }
}

type Call = { url: string; method: string; body: unknown };
type Answer = { status: number; body: unknown };

type Page = {
  window: JSDOM['window'];
  document: Document;
  calls: Call[];
  answers: Record<string, Answer>;
  errors: unknown[];
};

async function openPage(locale = 'de_DE'): Promise<Page> {
  const virtualConsole = new VirtualConsole();
  const errors: unknown[] = [];
  virtualConsole.on('jsdomError', (error) => errors.push(error));
  const dom = new JSDOM('<!doctype html><html lang="de"><body><main><div id="paypal"></div></main></body></html>', {
    url: `${ORIGIN}/portal/PTDEMO01/1`,
    runScripts: 'dangerously',
    resources: new ScriptLoader(),
    virtualConsole,
  });
  const { window } = dom;
  const calls: Call[] = [];
  const answers: Record<string, Answer> = {
    '/api/paypal-demo/v2/checkout/orders': { status: 201, body: { id: ORDER_ID, status: 'CREATED', purchase_units: BODY.purchase_units } },
    [`/api/paypal-demo/v2/checkout/orders/${ORDER_ID}/approve`]: { status: 200, body: { id: ORDER_ID, status: 'APPROVED', payer: { payer_id: 'PAYER00000001' } } },
  };
  Object.assign(window, {
    fetch: async (url: string, init: { method: string; body: string }) => {
      const target = new URL(url);
      calls.push({ url: target.href, method: init.method, body: JSON.parse(init.body) });
      const answer = answers[target.pathname] ?? { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
      return { ok: answer.status < 300, status: answer.status, text: async () => JSON.stringify(answer.body) };
    },
  });
  const script = window.document.createElement('script');
  script.src = `${ORIGIN}/api/paypal-demo/sdk/js?client-id=demo-client&currency=EUR&locale=${locale}&intent=capture&components=buttons`;
  script.setAttribute('data-csp-nonce', 'bm9uY2U=');
  await new Promise<void>((resolve, reject) => {
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error('the script did not load')));
    window.document.head.appendChild(script);
  });
  return { window, document: window.document, calls, answers, errors };
}

type Options = Record<string, unknown>;
type Buttons = { isEligible(): boolean; render(container: unknown): Promise<void>; close(): Promise<void> };

function recorder() {
  const events: Array<[string, unknown]> = [];
  const options: Options = {
    style: { color: 'gold', shape: 'pill', label: 'checkout', height: 40 },
    onInit: (data: unknown, actions: unknown) => events.push(['init', actions]),
    createOrder: (_data: unknown, actions: { order: { create(body: unknown): Promise<string> } }) => actions.order.create(BODY),
    onApprove: async (data: unknown) => void events.push(['approve', data]),
    onCancel: (data: unknown) => events.push(['cancel', data]),
    onError: (error: unknown) => events.push(['error', error]),
  };
  return { events, options };
}

async function renderButtons(page: Page, options: Options): Promise<{ buttons: Buttons; button: HTMLButtonElement }> {
  const paypal = (page.window as unknown as { paypal: { Buttons(options: Options): Buttons } }).paypal;
  const buttons = paypal.Buttons(options);
  expect(buttons.isEligible()).toBe(true);
  await buttons.render(page.document.getElementById('paypal'));
  const button = page.document.querySelector<HTMLButtonElement>('#paypal button')!;
  return { buttons, button };
}

/** Lets the script's promise chains (fetch, onClick, createOrder) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const dialogOf = (page: Page) => page.document.querySelector<HTMLElement>('[role="dialog"]');

function buttonNamed(page: Page, name: string): HTMLButtonElement {
  const found = [...page.document.querySelectorAll('button')].find((button) => button.textContent === name);
  if (!found) throw new Error(`no button '${name}'`);
  return found;
}

function press(page: Page, key: string, shiftKey = false) {
  const target = page.document.activeElement ?? page.document.body;
  target.dispatchEvent(new page.window.KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true }));
}

async function openDialog(page: Page, options: Options) {
  const { button } = await renderButtons(page, options);
  button.focus();
  button.click();
  await settle();
  return button;
}

let page: Page;
beforeEach(async () => {
  page = await openPage();
});
afterEach(() => {
  expect(page.errors).toEqual([]);
  page.window.close();
});

describe('the demo button', () => {
  it('is a real button that says PayPal and Demo in German, with the line that no money moves', async () => {
    const { events, options } = recorder();
    const { button } = await renderButtons(page, options);
    expect(button.type).toBe('button');
    expect(button.textContent).toBe('Mit PayPal bezahlen (Demo)');
    const note = page.document.getElementById(button.getAttribute('aria-describedby')!);
    expect(note?.textContent).toBe('Demo: Es wird kein Geld bewegt.');
    expect(events.map(([name]) => name)).toEqual(['init']);
  });

  it('speaks English for another locale', async () => {
    page.window.close();
    page = await openPage('en_US');
    const { button } = await renderButtons(page, recorder().options);
    expect(button.textContent).toBe('Pay with PayPal (Demo)');
  });

  it('close() takes the button away', async () => {
    const { buttons } = await renderButtons(page, recorder().options);
    await buttons.close();
    expect(page.document.querySelector('#paypal button')).toBeNull();
  });
});

describe('paying in the dialog', () => {
  it('a click creates the order and opens a labelled modal dialog with amount and description, focus inside', async () => {
    const { options } = recorder();
    await openDialog(page, options);
    expect(page.calls).toEqual([{ url: `${ORIGIN}/api/paypal-demo/v2/checkout/orders`, method: 'POST', body: BODY }]);
    const dialog = dialogOf(page)!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(page.document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('PayPal (Demo)');
    expect(dialog.textContent).toContain('345,67 EUR');
    expect(dialog.textContent).toContain('Kompetenzanalyse Online 1');
    expect(dialog.textContent).toContain('Es wird kein Geld bewegt');
    expect(page.document.activeElement).toBe(buttonNamed(page, 'Zahlung bestätigen (Demo)'));
  });

  it('confirming approves the order, then onApprove gets the order id; focus returns to the button', async () => {
    const { events, options } = recorder();
    const button = await openDialog(page, options);
    buttonNamed(page, 'Zahlung bestätigen (Demo)').click();
    await settle();
    expect(page.calls.map((call) => call.url)).toEqual([`${ORIGIN}/api/paypal-demo/v2/checkout/orders`, `${ORIGIN}/api/paypal-demo/v2/checkout/orders/${ORDER_ID}/approve`]);
    expect(events.slice(1)).toEqual([['approve', expect.objectContaining({ orderID: ORDER_ID, payerID: 'PAYER00000001' })]]);
    expect(dialogOf(page)).toBeNull();
    expect(page.document.activeElement).toBe(button);
  });

  it('"Abbrechen" calls onCancel with the order id and approves nothing', async () => {
    const { events, options } = recorder();
    const button = await openDialog(page, options);
    buttonNamed(page, 'Abbrechen').click();
    await settle();
    expect(events.slice(1)).toEqual([['cancel', { orderID: ORDER_ID }]]);
    expect(page.calls).toHaveLength(1);
    expect(dialogOf(page)).toBeNull();
    expect(page.document.activeElement).toBe(button);
  });

  it('Escape cancels', async () => {
    const { events, options } = recorder();
    await openDialog(page, options);
    press(page, 'Escape');
    await settle();
    expect(events.slice(1)).toEqual([['cancel', { orderID: ORDER_ID }]]);
    expect(dialogOf(page)).toBeNull();
  });

  it('Tab and Shift+Tab stay inside the dialog', async () => {
    await openDialog(page, recorder().options);
    const confirm = buttonNamed(page, 'Zahlung bestätigen (Demo)');
    const cancel = buttonNamed(page, 'Abbrechen');
    cancel.focus();
    press(page, 'Tab');
    expect(page.document.activeElement).toBe(confirm);
    press(page, 'Tab', true);
    expect(page.document.activeElement).toBe(cancel);
    // Focus moved out anyway (a click on the page behind) is brought back.
    page.document.querySelector<HTMLButtonElement>('#paypal button')!.focus();
    expect(dialogOf(page)!.contains(page.document.activeElement)).toBe(true);
  });

  it('a second click while the dialog is open opens no second order', async () => {
    const button = await openDialog(page, recorder().options);
    button.click();
    await settle();
    expect(page.calls).toHaveLength(1);
    expect(page.document.querySelectorAll('[role="dialog"]')).toHaveLength(1);
  });
});

describe('what stops or fails', () => {
  it('an order the provider refuses → onError with PayPal\'s name, no dialog, the button works again', async () => {
    page.answers['/api/paypal-demo/v2/checkout/orders'] = { status: 500, body: { name: 'INTERNAL_SERVER_ERROR', message: 'x', debug_id: 'd' } };
    const { events, options } = recorder();
    const button = await openDialog(page, options);
    expect(events.slice(1)).toEqual([['error', expect.objectContaining({ message: expect.stringContaining('INTERNAL_SERVER_ERROR') })]]);
    expect(dialogOf(page)).toBeNull();
    expect(button.getAttribute('aria-disabled')).toBe('false');
    page.answers['/api/paypal-demo/v2/checkout/orders'] = { status: 201, body: { id: ORDER_ID, purchase_units: BODY.purchase_units } };
    button.click();
    await settle();
    expect(dialogOf(page)).not.toBeNull();
  });

  it('an approval that fails → onError, not onApprove', async () => {
    page.answers[`/api/paypal-demo/v2/checkout/orders/${ORDER_ID}/approve`] = { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] } };
    const { events, options } = recorder();
    await openDialog(page, options);
    buttonNamed(page, 'Zahlung bestätigen (Demo)').click();
    await settle();
    expect(events.slice(1)).toEqual([['error', expect.objectContaining({ message: expect.stringContaining('ORDER_ALREADY_CAPTURED') })]]);
    expect(dialogOf(page)).toBeNull();
  });

  it.each([
    ['returns false', () => false],
    ['resolves false', async () => false],
    ['calls actions.reject()', (_data: unknown, actions: { reject(): Promise<void> }) => actions.reject()],
  ])('onClick that %s stops before any order', async (_label, onClick) => {
    const { events, options } = recorder();
    await openDialog(page, { ...options, onClick });
    expect(page.calls).toEqual([]);
    expect(dialogOf(page)).toBeNull();
    expect(events.map(([name]) => name)).toEqual(['init']);
  });

  it('disabled through onInit\'s actions: onClick still runs, nothing opens; enabled again, it pays', async () => {
    const clicks: unknown[] = [];
    let actions: { enable(): Promise<void>; disable(): Promise<void> } | undefined;
    const { options } = recorder();
    const { button } = await renderButtons(page, { ...options, onInit: (_data: unknown, given: typeof actions) => (actions = given), onClick: () => void clicks.push('click') });
    await actions!.disable();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    button.click();
    await settle();
    expect(clicks).toHaveLength(1);
    expect(page.calls).toEqual([]);
    await actions!.enable();
    button.click();
    await settle();
    expect(dialogOf(page)).not.toBeNull();
  });
});

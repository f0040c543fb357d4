import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import type { Backend, Key } from './engine';

/** Firefox ESR as Debian packages it, driven over WebDriver BiDi by puppeteer-core; nothing is downloaded. */
const FIREFOX = '/usr/bin/firefox-esr';

export async function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true, args: ['--no-remote'] });
}

/** A fresh browser context (its own cookies and storage) with one page. */
export async function openFirefox(browser: Browser): Promise<Backend> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  return new FirefoxBackend(context, page);
}

const KEYS: Record<Key, Parameters<Page['keyboard']['press']>[0]> = {
  ArrowRight: 'ArrowRight',
  ArrowLeft: 'ArrowLeft',
  ArrowUp: 'ArrowUp',
  ArrowDown: 'ArrowDown',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  Enter: 'Enter',
  Escape: 'Escape',
  Tab: 'Tab',
  Space: 'Space',
};

class FirefoxBackend implements Backend {
  readonly name = 'firefox' as const;
  constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
  ) {}

  async goto(url: string) {
    await this.page.goto(url);
  }
  async currentUrl() {
    return this.page.url();
  }
  async run<T>(source: string, args: unknown[]): Promise<T> {
    return (await this.page.evaluate(`(${source}).apply(null, ${JSON.stringify(args)})`)) as T;
  }
  async click(selector: string) {
    await this.page.click(selector);
  }
  async type(selector: string, text: string) {
    await this.page.type(selector, text);
  }
  async press(key: Key) {
    await this.page.keyboard.press(KEYS[key]);
  }
  async select(selector: string, optionText: string) {
    const value = await this.page.$eval(selector, (el, text) => Array.from((el as HTMLSelectElement).options).find((o) => o.text.trim() === text)?.value, optionText);
    if (value === undefined) throw new Error(`no option '${optionText}' in ${selector}`);
    await this.page.select(selector, value);
  }
  async setViewport(width: number, height: number) {
    await this.page.setViewport({ width, height });
  }
  async setOffline(offline: boolean) {
    await this.page.setOfflineMode(offline);
  }
  async screenshot() {
    return Buffer.from(await this.page.screenshot());
  }
  async cookies() {
    return (await this.page.cookies()).map((c) => ({ name: c.name, secure: c.secure }));
  }
  async close() {
    await this.context.close().catch(() => undefined);
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Builder, By, Key as WebDriverKey, type WebDriver } from 'selenium-webdriver';
import type { Backend, Key } from './engine';

/**
 * WebKit as Debian packages it (webkit2gtk-driver): WebKitWebDriver drives WebKitGTK's MiniBrowser,
 * the engine of Safari and of every browser on an iPhone. MiniBrowser needs a display, so a worker
 * starts an Xvfb of its own (nothing of the machine's); no browser is downloaded.
 */
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const DRIVER = '/usr/bin/WebKitWebDriver';
/**
 * MiniBrowser's toolbar (its address entry above all) keeps the window at least 447 px wide, wider
 * than a phone. GTK's own style sheet, read from XDG_CONFIG_HOME, lets those widgets shrink, so that
 * the window's viewport can be 390 px; it styles GTK's widgets only, never the pages' content.
 */
const NARROW_CHROME = 'window > box > box:first-child, toolbar, headerbar, entry, button, progressbar { min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 1px; border: 0; }\n';

const KEYS: Record<Key, string> = {
  ArrowRight: WebDriverKey.ARROW_RIGHT,
  ArrowLeft: WebDriverKey.ARROW_LEFT,
  ArrowUp: WebDriverKey.ARROW_UP,
  ArrowDown: WebDriverKey.ARROW_DOWN,
  Home: WebDriverKey.HOME,
  End: WebDriverKey.END,
  PageUp: WebDriverKey.PAGE_UP,
  PageDown: WebDriverKey.PAGE_DOWN,
  Enter: WebDriverKey.ENTER,
  Escape: WebDriverKey.ESCAPE,
  Tab: WebDriverKey.TAB,
  Space: WebDriverKey.SPACE,
};

/** Xvfb on a display it picks itself (-displayfd), and WebKitWebDriver on the given port: one per worker. */
export class WebKitServer {
  private constructor(
    private readonly xvfb: ChildProcess,
    private readonly driver: ChildProcess,
    private readonly config: string,
    readonly url: string,
  ) {}

  static async start(port: number): Promise<WebKitServer> {
    const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
    const display = await new Promise<string>((resolve, reject) => {
      let text = '';
      xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('\n')) resolve(`:${text.trim()}`);
      });
      xvfb.once('exit', (code) => reject(new Error(`Xvfb ended with ${code} before it named a display (apt-get install xvfb)`)));
      xvfb.once('error', reject);
    });
    const config = fs.mkdtempSync(path.join(os.tmpdir(), 'webkit-gtk-'));
    fs.mkdirSync(path.join(config, 'gtk-3.0'));
    fs.writeFileSync(path.join(config, 'gtk-3.0', 'gtk.css'), NARROW_CHROME);
    const driver = spawn(DRIVER, [`--port=${port}`], { env: { ...process.env, DISPLAY: display, XDG_CONFIG_HOME: config }, stdio: 'ignore' });
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 15_000;
    for (;;) {
      const ready = await fetch(`${url}/status`).then((r) => r.ok, () => false);
      if (ready) break;
      if (driver.exitCode !== null || Date.now() > deadline) {
        xvfb.kill();
        driver.kill();
        fs.rmSync(config, { recursive: true, force: true });
        throw new Error(`WebKitWebDriver did not answer on port ${port} (apt-get install webkit2gtk-driver)`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return new WebKitServer(xvfb, driver, config, url);
  }

  /** A new browser, with no cookies or storage of any journey before. */
  async open(): Promise<Backend> {
    const driver = await new Builder()
      .usingServer(this.url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      })
      .build();
    await driver.manage().setTimeouts({ script: 15_000, pageLoad: 30_000 });
    return new WebKitBackend(driver);
  }

  async stop(): Promise<void> {
    this.driver.kill();
    this.xvfb.kill();
    fs.rmSync(this.config, { recursive: true, force: true });
  }
}

class WebKitBackend implements Backend {
  readonly name = 'webkit' as const;
  constructor(private readonly driver: WebDriver) {}

  async goto(url: string) {
    await this.driver.get(url);
  }
  currentUrl() {
    return this.driver.getCurrentUrl();
  }
  async run<T>(source: string, args: unknown[]): Promise<T> {
    return (await this.driver.executeScript(`return (${source}).apply(null, arguments)`, ...args)) as T;
  }
  async click(selector: string) {
    await this.driver.findElement(By.css(selector)).click();
  }
  async type(selector: string, text: string) {
    await this.driver.findElement(By.css(selector)).sendKeys(text);
  }
  async press(key: Key) {
    await this.driver.actions().sendKeys(KEYS[key]).perform();
  }
  async select(selector: string, optionText: string) {
    // WebDriver picks an option by clicking it, without the drop-down's native pop-up (as selenium's Select does).
    const options = await this.driver.findElement(By.css(selector)).findElements(By.css('option'));
    for (const option of options) {
      if ((await option.getText()).trim() === optionText) return option.click();
    }
    throw new Error(`no option '${optionText}' in ${selector}`);
  }
  async setViewport(width: number, height: number) {
    // The window's frame and MiniBrowser's toolbar take part of its size: size it, measure, correct.
    await this.driver.manage().window().setRect({ width, height });
    // Under a busy Xvfb the window takes a moment to get the size asked (it measured its old one, or
    // 0 × 0, and the correction asked for a width below 0): the correction waits until it fits inside.
    const sized = (inner: { w: number; h: number }) => inner.w > 0 && inner.h > 0 && inner.w <= width && inner.h <= height;
    let inner = { w: 0, h: 0 };
    for (let look = 0; look < 30 && !sized(inner); look++) {
      if (look > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      inner = await this.run<{ w: number; h: number }>('() => ({ w: window.innerWidth, h: window.innerHeight })', []);
    }
    if (!sized(inner)) throw new Error(`WebKit's window measures ${inner.w} × ${inner.h} after ${width} × ${height} was asked for`);
    await this.driver.manage().window().setRect({ width: Math.round(width + (width - inner.w)), height: Math.round(height + (height - inner.h)) });
  }
  async screenshot() {
    return Buffer.from(await this.driver.takeScreenshot(), 'base64');
  }
  async cookies() {
    return (await this.driver.manage().getCookies()).map((c) => ({ name: c.name, secure: Boolean(c.secure) }));
  }
  async close() {
    await this.driver.quit().catch(() => undefined);
  }
}

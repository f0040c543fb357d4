import { queriesBundle } from './queries';

export type EngineName = 'chromium' | 'firefox' | 'webkit';

/** The keys the journeys press, by their DOM key names. */
export type Key = 'ArrowRight' | 'ArrowLeft' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | 'PageUp' | 'PageDown' | 'Enter' | 'Escape' | 'Tab' | 'Space';

/**
 * What one automation protocol gives a journey: WebDriver for WebKit (selenium-webdriver and
 * WebKitWebDriver), WebDriver BiDi for Firefox (puppeteer-core), and Playwright for Chromium. An
 * element is named by a CSS selector that Engine wrote onto it (data-engine-target).
 */
export interface Backend {
  readonly name: EngineName;
  goto(url: string): Promise<void>;
  currentUrl(): Promise<string>;
  /** Runs `(${source})(...args)` in the page and gives back its (awaited, JSON) result. */
  run<T>(source: string, args: unknown[]): Promise<T>;
  click(selector: string): Promise<void>;
  /** Types into the element (focusing it first), as keys a participant presses. */
  type(selector: string, text: string): Promise<void>;
  /** A key press on whatever has the focus. */
  press(key: Key): Promise<void>;
  /** Chooses the option with this text in a <select>, as a participant picks it. */
  select(selector: string, optionText: string): Promise<void>;
  /** The viewport's size in CSS pixels (the window is sized so that innerWidth is this). */
  setViewport(width: number, height: number): Promise<void>;
  screenshot(): Promise<Buffer>;
  /** Takes the browser off the network and back (Firefox only: WebKitWebDriver has no such command). */
  setOffline?(offline: boolean): Promise<void>;
  /** Cookies the browser holds for the current page (name and whether Secure). */
  cookies(): Promise<{ name: string; secure: boolean }[]>;
  close(): Promise<void>;
}

export type Role = 'button' | 'link' | 'radio' | 'checkbox' | 'textbox' | 'slider' | 'heading' | 'dialog' | 'alertdialog' | 'alert' | 'combobox' | 'main' | 'status';
export type Name = string | RegExp;

type Query = { by: 'role'; role: Role; name?: Name; level?: number } | { by: 'label'; label: Name } | { by: 'css'; css: string; nth?: number };
/** Limits a query to the element another query finds. */
type Scoped = Query & { within?: Query };

const WAIT_MS = 10_000;
const POLL_MS = 100;

const encodeName = (name: Name | undefined) => (name === undefined ? undefined : typeof name === 'string' ? { text: name } : { source: name.source, flags: name.flags });

/**
 * In the page: finds the one element a query names, visible, and marks it. Returns the selector,
 * or a reason why not (none, or how many). Runs with @testing-library/dom as window.__engineQueries.
 */
const FIND = `(query, mark) => {
  const q = window.__engineQueries;
  const asName = (n) => (n === undefined ? undefined : n.text !== undefined ? n.text : new RegExp(n.source, n.flags));
  const find = (query, container) => {
    if (query.by === 'css') { const all = Array.from(container.querySelectorAll(query.css)); return query.nth === undefined ? all : all.slice(query.nth, query.nth + 1); }
    if (query.by === 'label') return q.queryAllByLabelText(container, asName(query.label), { exact: true });
    return q.queryAllByRole(container, query.role, { name: asName(query.name), level: query.level });
  };
  let container = document.body;
  if (query.within) {
    const outer = find(query.within, document.body);
    if (outer.length !== 1) return { problem: outer.length + ' elements for the scope' };
    container = outer[0];
  }
  const found = find(query, container).filter((el) => el.getClientRects().length > 0);
  if (found.length !== 1) return { problem: found.length + ' elements' };
  document.querySelectorAll('[data-engine-target]').forEach((el) => el.removeAttribute('data-engine-target'));
  found[0].setAttribute('data-engine-target', mark);
  return { selector: '[data-engine-target="' + mark + '"]' };
}`;

/** A journey's browser, whichever engine: the few things the smoke journeys do, each waiting as a locator does. */
export class Engine {
  private marks = 0;
  constructor(
    readonly backend: Backend,
    readonly baseUrl: string,
  ) {}

  /** The same browser, for a server of the journey's own (addresses are resolved against baseUrl). */
  on(baseUrl: string): Engine {
    return new Engine(this.backend, baseUrl);
  }

  get name(): EngineName {
    return this.backend.name;
  }

  async goto(path: string): Promise<void> {
    await this.backend.goto(new URL(path, this.baseUrl).href);
  }

  async path(): Promise<string> {
    const url = new URL(await this.backend.currentUrl());
    return url.pathname + url.search;
  }

  /** Runs a function in the page (its source, as text) with JSON arguments. */
  run<T>(source: string, ...args: unknown[]): Promise<T> {
    return this.backend.run<T>(source, args);
  }

  /** Polls until check gives a truthy value; throws with what was last seen. */
  async until<T>(what: string, check: () => Promise<T | undefined | false>, timeout = WAIT_MS): Promise<T> {
    const deadline = Date.now() + timeout;
    let last: unknown;
    for (;;) {
      try {
        const value = await check();
        if (value) return value;
        last = value;
      } catch (error) {
        last = error instanceof Error ? error.message : error;
      }
      if (Date.now() > deadline) throw new Error(`${this.name}: waited ${timeout} ms for ${what}; last seen: ${JSON.stringify(last)}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async waitForPath(pattern: RegExp, timeout = WAIT_MS): Promise<string> {
    let seen = '';
    return this.until(`an address like ${pattern}`, async () => {
      seen = await this.path();
      return pattern.test(seen) ? seen : undefined;
    }, timeout).catch((error: Error) => {
      throw new Error(`${error.message} (at ${seen})`);
    });
  }

  /** Waits until the page's script runs (<html data-hydrated>), as e2e/support/api.ts hydrated() does. */
  async hydrated(): Promise<void> {
    await this.until('the page to hydrate', () => this.run<boolean>(`() => document.documentElement.dataset.hydrated === 'true'`));
  }

  private async locate(query: Scoped, timeout = WAIT_MS): Promise<string> {
    const mark = `m${++this.marks}`;
    const encoded = { ...encodeQuery(query), ...(query.within && { within: encodeQuery(query.within) }) };
    const found = await this.until(describe(query), async () => {
      await this.ensureQueries();
      const result = await this.run<{ selector?: string; problem?: string }>(FIND, encoded, mark);
      if (result.selector) return result.selector;
      throw new Error(result.problem);
    }, timeout);
    return found;
  }

  private async ensureQueries(): Promise<void> {
    const present = await this.run<boolean>('() => Boolean(window.__engineQueries)');
    if (!present) await this.run(`() => { ${queriesBundle()}; window.__engineQueries = __engineQueries; }`);
  }

  async click(role: Role, name?: Name, options: { within?: Query } = {}): Promise<void> {
    const selector = await this.locate({ by: 'role', role, name, within: options.within });
    try {
      await this.backend.click(selector);
    } catch (error) {
      // WebKitWebDriver now and then answers a click with a bare "unknown error" when the machine is
      // busy (a CI run, on a ranking page's radio). Choosing a radio again changes nothing, so a radio
      // left unchecked is clicked once more; a radio that got checked counts; any other click stays failed.
      if (role !== 'radio') throw error;
      if (await this.run<boolean>(`(selector) => document.querySelector(selector)?.checked === true`, selector)) return;
      await this.backend.click(selector);
    }
  }

  async fill(label: Name, text: string): Promise<void> {
    const selector = await this.locate({ by: 'label', label });
    await this.run(`(selector) => { const el = document.querySelector(selector); el.focus(); el.select?.(); }`, selector);
    await this.backend.type(selector, text);
    await this.until(`${label} to hold what was typed`, () => this.run<boolean>(`(selector, text) => document.querySelector(selector)?.value === text`, selector, text));
  }

  /** The value of the field a label names. */
  async valueOfField(label: Name): Promise<string> {
    const selector = await this.locate({ by: 'label', label });
    return this.run<string>(`(selector) => document.querySelector(selector).value`, selector);
  }

  /** Picks an option of the drop-down a label names, by the option's text. */
  async choose(label: Name, optionText: string): Promise<void> {
    const selector = await this.locate({ by: 'label', label });
    await this.backend.select(selector, optionText);
    await this.until(`${String(label)} to show ${optionText}`, () =>
      this.run<boolean>(`(selector, text) => { const el = document.querySelector(selector); return el.options[el.selectedIndex]?.text.trim() === text; }`, selector, optionText),
    );
  }

  /** Focuses the nth element a CSS selector gives (from 0), as Tab would reach it. */
  async focusNth(selector: string, nth: number): Promise<void> {
    const found = await this.locate({ by: 'css', css: selector, nth });
    await this.run(`(selector) => document.querySelector(selector).focus()`, found);
  }

  async focus(role: Role, name?: Name, options: { within?: Query } = {}): Promise<void> {
    const selector = await this.locate({ by: 'role', role, name, within: options.within });
    await this.run(`(selector) => document.querySelector(selector).focus()`, selector);
  }

  async press(key: Key): Promise<void> {
    await this.backend.press(key);
  }

  /** Waits until the element a role and name give is on screen. */
  async see(role: Role, name?: Name, options: { level?: number; within?: Query; timeout?: number } = {}): Promise<void> {
    await this.locate({ by: 'role', role, name, level: options.level, within: options.within }, options.timeout);
  }

  /** Waits until a visible element's text matches. */
  async seeText(css: string, text: Name, timeout = WAIT_MS): Promise<void> {
    await this.until(`${css} to read ${text}`, () =>
      this.run<boolean>(
        `(css, text) => Array.from(document.querySelectorAll(css)).some((el) => el.getClientRects().length > 0 && (text.text !== undefined ? el.textContent.trim().replace(/\\s+/g, ' ') === text.text : new RegExp(text.source, text.flags).test(el.textContent)))`,
        css,
        encodeName(text),
      ),
      timeout,
    );
  }

  /** The value of the element a role and name give (a slider's, a field's). */
  async valueOf(role: Role, name?: Name): Promise<string> {
    const selector = await this.locate({ by: 'role', role, name });
    return this.run<string>(`(selector) => document.querySelector(selector).value`, selector);
  }

  /** How many elements a CSS selector gives. */
  async count(selector: string): Promise<number> {
    return this.run<number>(`(selector) => document.querySelectorAll(selector).length`, selector);
  }

  async checked(role: 'radio' | 'checkbox', name: Name, options: { within?: Query } = {}): Promise<boolean> {
    const selector = await this.locate({ by: 'role', role, name, within: options.within });
    return this.run<boolean>(`(selector) => document.querySelector(selector).checked`, selector);
  }
}

/** The elements a CSS selector gives, or only the nth of them (from 0). */
export const css = (selector: string, nth?: number): Query => ({ by: 'css', css: selector, nth });
export const role = (r: Role, name?: Name): Query => ({ by: 'role', role: r, name });

function encodeQuery(query: Query) {
  if (query.by === 'role') return { by: 'role', role: query.role, name: encodeName(query.name), level: query.level };
  if (query.by === 'label') return { by: 'label', label: encodeName(query.label) };
  return query;
}

function describe(query: Scoped): string {
  const one = (q: Query) => (q.by === 'role' ? `the ${q.role}${q.name === undefined ? '' : ` '${String(q.name)}'`}` : q.by === 'label' ? `the field labelled '${String(q.label)}'` : q.css);
  return query.within ? `${one(query)} in ${one(query.within)}` : one(query);
}

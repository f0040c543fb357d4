import { test as base } from '@playwright/test';
import type { Browser } from 'puppeteer-core';
import { Engine, type Backend, type EngineName } from './engine';
import { launchFirefox, openFirefox } from './firefox';
import { WebKitServer } from './webkit';

/**
 * The journeys of Firefox and WebKit (playwright.config.ts, projects 'firefox' and 'webkit'): the
 * Playwright runner with its reports and workers, and each journey's `engine` a browser of the
 * project's engine from Debian, driven over its own protocol (./engine.ts). They use no `page`,
 * so no Chromium starts for them.
 */
type EngineHost = { open(): Promise<Backend>; stop(): Promise<void> };

type WorkerFixtures = { engineName: EngineName; engineHost: EngineHost };
type TestFixtures = { engine: Engine };

/** WebKitWebDriver's port: one per worker, beside the suite's other ports (E2E_PORT_BASE + 85…). */
const driverPort = (parallelIndex: number) => Number(process.env.E2E_PORT_BASE ?? 3100) + 85 + parallelIndex;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  engineName: ['webkit', { option: true, scope: 'worker' }],
  engineHost: [
    async ({ engineName }, provide, workerInfo) => {
      if (engineName === 'webkit') {
        const server = await WebKitServer.start(driverPort(workerInfo.parallelIndex));
        await provide({ open: () => server.open(), stop: () => server.stop() });
        await server.stop();
      } else if (engineName === 'firefox') {
        const browser: Browser = await launchFirefox();
        await provide({ open: () => openFirefox(browser), stop: () => browser.close() });
        await browser.close();
      } else {
        throw new Error('Chromium journeys use the page fixture (./chromium.ts)');
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  engine: async ({ engineHost, baseURL }, provide, testInfo) => {
    const backend = await engineHost.open();
    const engine = new Engine(backend, baseURL!);
    try {
      await provide(engine);
      if (testInfo.status !== testInfo.expectedStatus) {
        const shot = await backend.screenshot().catch(() => undefined);
        if (shot) await testInfo.attach(`${backend.name}-failure.png`, { body: shot, contentType: 'image/png' });
        await testInfo.attach(`${backend.name}-address.txt`, { body: await backend.currentUrl().catch(() => '?') });
      }
    } finally {
      await backend.close();
    }
  },
});

export { expect } from '@playwright/test';

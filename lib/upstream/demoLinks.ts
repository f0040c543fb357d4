import { getConfig } from '@/lib/config';
import { DEMO_LINKS, type DemoLink } from '@/lib/embedded-api/demo/rows';

export type { DemoLink };

/**
 * The demo deep links, while the embedded API serves the demo data (DEMO_MODE);
 * undefined otherwise: a real upstream has its own data, and codes are not to be listed.
 */
export function demoLinks(): readonly DemoLink[] | undefined {
  return servesDemoLinks() ? DEMO_LINKS : undefined;
}

/** Whether /home-dev lists the demo deep links; otherwise it names no page (proxy.ts). */
export function servesDemoLinks(config = getConfig()): boolean {
  return config.embeddedApi && config.DEMO_MODE;
}

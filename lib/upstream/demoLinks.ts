import { getConfig } from '@/lib/config';
import { DEMO_LINKS, type DemoLink } from '@/lib/embedded-api/demo/rows';

export type { DemoLink };

/**
 * The demo deep links, while the embedded API serves the demo data (DEMO_MODE);
 * undefined otherwise: a real upstream has its own data, and codes are not to be listed.
 */
export function demoLinks(): readonly DemoLink[] | undefined {
  const config = getConfig();
  return config.embeddedApi && config.DEMO_MODE ? DEMO_LINKS : undefined;
}

import { renderToStaticMarkup } from 'react-dom/server';
import type { AppConfig } from '@/lib/config';

const config: Partial<AppConfig> = {};
jest.mock('@/lib/config', () => ({ getConfig: () => config }));
jest.mock('next-intl/server', () => ({ getTranslations: async () => (key: string) => key }));

import HomeDevPage from './page';

/** notFound() throws Next's 404 signal; its digest says so. */
async function outcome(): Promise<string> {
  try {
    return renderToStaticMarkup(await HomeDevPage());
  } catch (error) {
    return `thrown ${(error as { digest?: string }).digest}`;
  }
}

describe('/home-dev', () => {
  it('lists the demo codes while the embedded API serves the demo data', async () => {
    Object.assign(config, { embeddedApi: true, DEMO_MODE: true });
    expect(await outcome()).toContain('RANK4711');
  });

  it.each([
    ['DEMO_MODE is off', { embeddedApi: true, DEMO_MODE: false }],
    ['a real upstream answers', { embeddedApi: false, DEMO_MODE: true }],
  ])('is the 404 page when %s', async (_label, settings) => {
    Object.assign(config, settings);
    expect(await outcome()).toBe('thrown NEXT_HTTP_ERROR_FALLBACK;404');
  });
});

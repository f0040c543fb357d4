import { cache } from 'react';
import { StatusCode } from '@/lib/api/codes';
import { translator, type Translate } from '@/lib/i18n/translate';
import { loadHeaderFooterInfo } from '@/lib/upstream/pageInfo';

export type HeaderFooterInfo = { t: Translate; ok: boolean; logoSrc: string; theme: string };

const IMAGE_TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };
const THEMES = new Set(['default', 'portal', 'green', 'dark-blue']);

/**
 * The header and footer's page info, loaded once per render. Without an answer the chrome still
 * renders with the bundled logo and default look: a broken upstream must never break the frame.
 */
export const loadHeaderFooter = cache(async (): Promise<HeaderFooterInfo> => {
  const response = await loadHeaderFooterInfo();
  const ok = response.statusCode === StatusCode.Ok;
  const type = IMAGE_TYPES[(response.logoFileExtension ?? '').toLowerCase()];
  const data = response.logoDataBase64 ?? '';
  const logoSrc = ok && type && /^[A-Za-z0-9+/=]+$/.test(data) ? `data:${type};base64,${data}` : '/logo.svg';
  return {
    t: translator(ok ? response.translations : []),
    ok,
    logoSrc,
    theme: response.stylesheet && THEMES.has(response.stylesheet) ? response.stylesheet : 'default',
  };
});

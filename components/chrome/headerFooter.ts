import { cache } from 'react';
import { StatusCode } from '@/lib/api/codes';
import { chromeBranding } from '@/lib/flows/branding';
import { translator, type Translate } from '@/lib/i18n/translate';
import { logBrandingProblems } from '@/lib/log/brandingProblems';
import { keptBrandingOf } from '@/lib/session/data';
import { getSession } from '@/lib/session/server';
import { loadHeaderFooterInfo } from '@/lib/upstream/pageInfo';

export type HeaderFooterInfo = { t: Translate; ok: boolean; logoSrc: string; theme: string; showLanguageSelection: boolean };

/**
 * The header and footer's page info, loaded once per render, with the look the session keeps from
 * the ident code (lib/flows/branding.ts decides which wins). Without an answer the chrome still
 * renders, with the kept look or else the bundled logo and default theme: a broken upstream must
 * never break the frame.
 */
export const loadHeaderFooter = cache(async (): Promise<HeaderFooterInfo> => {
  const [response, session] = await Promise.all([loadHeaderFooterInfo(), getSession()]);
  const ok = response.statusCode === StatusCode.Ok;
  const { theme, logoSrc, showLanguageSelection, problems } = chromeBranding(keptBrandingOf(session), ok ? response : undefined);
  logBrandingProblems('pageinfo/headerfooter', problems);
  return { t: translator(ok ? response.translations : []), ok, logoSrc, theme, showLanguageSelection };
});

import { DetailCode, Product, StatusCode } from '@/lib/api/codes';
import { languageOf, type ApiAnswer, type ApiContext } from '../context';
import { optionalHolder } from '../authority';
import { loadBranding, themeFor } from '../branding';
import { signOutParticipant } from '../participantTokens';
import { isTokenFailure, verifyToken } from '../tokens';
import { translationsFor } from '../translations';

type PageInfoBody = { category?: string; token?: string; uiLanguage?: string };

/**
 * Page-info loads that need no token (login pages, manual, finished page): the translations in
 * the asked language, nothing else. A token, when given, must still be genuine and its
 * assessment must still run.
 */
export async function publicPageInfo(body: PageInfoBody, ctx: ApiContext): Promise<ApiAnswer> {
  const translations = translationsFor(languageOf(body.uiLanguage));
  const refused = await optionalHolder(body.token, ctx);
  if (refused) return { ...refused.refusal, translations };
  return { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, translations };
}

/**
 * The error page's page info. With category SignOut and a token, it signs the participant out: from
 * then on that token and every earlier one of theirs is refused, and the answer carries
 * SucessfullyLoggedOut for the info page.
 */
export async function errorPageInfo(body: PageInfoBody, ctx: ApiContext): Promise<ApiAnswer> {
  const translations = translationsFor(languageOf(body.uiLanguage));
  if (body.category === 'SignOut' && body.token) {
    const verified = await verifyToken(body.token, ctx.settings.tokenSecret, ctx.db, ctx.now);
    if (!isTokenFailure(verified)) await signOutParticipant(ctx.db, verified, ctx.now);
    return { statusCode: StatusCode.Ok, detailCode: DetailCode.SucessfullyLoggedOut, translations };
  }
  return { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, translations };
}

/** The default logo: the product's mark as SVG, base64 encoded (an operator's upload may not be SVG: lib/admin/logoImage.ts). */
const DEFAULT_LOGO = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="48" viewBox="0 0 240 48">` +
    `<rect x="2" y="6" width="36" height="36" rx="9" fill="#0b5cad"/>` +
    `<path d="M12 33l8-18 8 18M15 27h10" stroke="#fff" stroke-width="3.2" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<text x="48" y="31" font-family="Segoe UI, Helvetica, Arial, sans-serif" font-size="19" font-weight="600" fill="#12263f">Assessment Online</text>` +
    `</svg>`,
).toString('base64');

/**
 * The header and footer show on every page, the error page included: always Ok, whatever the token.
 * The operator's logo (else the product's mark) and theme, an assessment's own theme where it has one.
 */
export async function headerFooterPageInfo(body: PageInfoBody, ctx: ApiContext): Promise<ApiAnswer> {
  const branding = await loadBranding(ctx.db);
  let stylesheet: string = branding.theme;
  if (body.token) {
    const verified = await verifyToken(body.token, ctx.settings.tokenSecret, ctx.db, ctx.now);
    if (!isTokenFailure(verified) && verified.assessment) {
      const [row] = await ctx.db.query<{ stylesheet: string }>('select stylesheet from assessment where id = $1', [verified.assessment]);
      stylesheet = themeFor(row?.stylesheet, branding);
    }
    if (!isTokenFailure(verified) && verified.product === Product.Portal) stylesheet = 'portal';
  }
  // A bad token must not hide the header: the header shows, the page decides what the token means.
  return {
    statusCode: StatusCode.Ok,
    detailCode: DetailCode.NoDetails,
    translations: translationsFor(languageOf(body.uiLanguage)),
    stylesheet,
    logoDataBase64: branding.logo?.dataBase64 ?? DEFAULT_LOGO,
    logoFileExtension: branding.logo?.type ?? 'svg',
  };
}

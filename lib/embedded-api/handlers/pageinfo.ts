import { DetailCode, Product, StatusCode } from '@/lib/api/codes';
import { languageOf, type ApiAnswer, type ApiContext } from '../context';
import { optionalHolder } from '../authority';
import { BRANDING_COLUMNS, brandingOf, themeFor, type BrandingRow } from '../branding';
import { signOutParticipant } from '../participantTokens';
import { isTokenFailure, verifySignedToken, verifyToken } from '../tokens';
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
  const signed = body.token ? verifySignedToken(body.token, ctx.settings.tokenSecret, ctx.now) : undefined;
  const genuine = signed && !isTokenFailure(signed) ? signed : undefined;
  // One statement for what every page's frame needs: the branding, the token's revocation and its
  // assessment's own stylesheet (the header and footer are loaded on every page).
  const [row] = await ctx.db.query<Partial<BrandingRow> & { revoked_for: string | null; stylesheet: string | null }>(
    `select ${BRANDING_COLUMNS}, (select reason from revoked_token where jti = $1) as revoked_for,
            (select stylesheet from assessment where id = $2) as stylesheet
       from (select 1) as one left join branding b on true`,
    [genuine?.jti ?? null, typeof genuine?.assessment === 'number' ? genuine.assessment : null],
  );
  const branding = brandingOf(row);
  let stylesheet: string = branding.theme;
  const valid = genuine && !row?.revoked_for ? genuine : undefined;
  if (valid?.assessment) stylesheet = themeFor(row?.stylesheet, branding);
  if (valid?.product === Product.Portal) stylesheet = 'portal';
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

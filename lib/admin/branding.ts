import { loadBranding, type OperatorBranding, type OperatorLogo } from '@/lib/embedded-api/branding';
import type { Sql } from '@/lib/embedded-api/db/database';
import { THEMES, type Theme } from '@/lib/validation/branding';
import type { ConsoleLanguage } from './console/language';
import type { ConsoleT } from './console/texts';
import type { OperatorAuditEntry } from './operators/audit';
import { checkLogoImage, LOGO_MAX_BYTES, LOGO_MAX_SIDE, type LogoImage, type LogoProblem } from './logoImage';
import { announceHeaderFooterChange, HEADER_FOOTER_CHANNEL } from '@/lib/signals/headerFooter';

/**
 * The operator's branding, changed the same way by the console (/admin/branding) and the command
 * line (`branding set`): the theme, and a logo that lib/admin/logoImage.ts has judged and cleaned.
 * The participants' answers read it from the database (lib/embedded-api/branding.ts).
 */

export { loadBranding as showBranding } from '@/lib/embedded-api/branding';
export { THEMES } from '@/lib/validation/branding';

export function isTheme(text: string): text is Theme {
  return (THEMES as readonly string[]).includes(text);
}

/** A change: a theme, a new logo, or the logo removed (the bundled one shows again); what is not named stays. */
export type BrandingChange = { theme?: Theme; logo?: LogoImage | 'remove' };

/** What the change did, for the audit row and the operator's message: never the image itself. */
export type BrandingChanged = { branding: OperatorBranding; audit: Required<Pick<OperatorAuditEntry, 'subject' | 'details'>> };

export async function setBranding(db: Sql, change: BrandingChange, now: Date = new Date()): Promise<BrandingChanged> {
  const logo = change.logo === 'remove' ? null : change.logo;
  const logoColumns = change.logo === undefined ? [] : ['logo_base64', 'logo_type', 'logo_width', 'logo_height'];
  const logoValues = change.logo === undefined ? [] : logo ? [Buffer.from(logo.bytes).toString('base64'), logo.type, logo.width, logo.height] : [null, null, null, null];
  const columns = [...(change.theme ? ['theme'] : []), ...logoColumns, 'updated_at'];
  const values = [...(change.theme ? [change.theme] : []), ...logoValues, now];
  // One row, made by the first change: the columns not named keep their defaults or their values.
  await db.query(
    `insert into branding (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})
     on conflict (id) do update set ${columns.map((name) => `${name} = excluded.${name}`).join(', ')}`,
    values,
  );
  // Every copy of the header and footer is forgotten: this process's at once, every other's (workers,
  // instances) by PostgreSQL's notification, which PGlite, one process, has no one to send to.
  await db.query('select pg_notify($1, $2)', [HEADER_FOOTER_CHANNEL, 'branding']);
  announceHeaderFooterChange();
  const subject = [...(change.theme ? ['theme'] : []), ...(change.logo === 'remove' ? ['logo removed'] : logo ? ['logo'] : [])].join(', ');
  const details: Record<string, string | number> = {
    ...(change.theme && { theme: change.theme }),
    ...(logo && { logoType: logo.type, logoBytes: logo.bytes.length, logoWidth: logo.width, logoHeight: logo.height }),
  };
  return { branding: await loadBranding(db), audit: { subject, details } };
}

/** What an operator asked for, as typed or uploaded: a theme's name, a logo file's bytes, or the logo's removal. */
export type BrandingRequest = { theme?: string; logo?: Uint8Array | 'remove' };

export type BrandingOutcome =
  | { status: 'unknownTheme'; theme: string }
  | { status: 'refusedLogo'; refused: LogoProblem }
  | { status: 'noLogo' }
  | ({ status: 'changed' } & BrandingChanged);

/** The one door both the console and the command line go through: checks what was asked, then changes it or says why not. */
export async function changeBranding(db: Sql, request: BrandingRequest, now: Date = new Date()): Promise<BrandingOutcome> {
  const theme = request.theme?.trim().toLowerCase();
  if (theme !== undefined && !isTheme(theme)) return { status: 'unknownTheme', theme: request.theme!.slice(0, 60) };
  let logo: LogoImage | 'remove' | undefined;
  if (request.logo instanceof Uint8Array) {
    const checked = checkLogoImage(request.logo);
    if (!checked.ok) {
      const { ok: _ok, ...refused } = checked;
      return { status: 'refusedLogo', refused };
    }
    logo = { type: checked.type, width: checked.width, height: checked.height, bytes: checked.bytes };
  } else if (request.logo === 'remove') {
    if (!(await loadBranding(db)).logo) return { status: 'noLogo' };
    logo = 'remove';
  }
  return { status: 'changed', ...(await setBranding(db, { ...(theme && { theme }), ...(logo && { logo }) }, now)) };
}

/** A size as the operator reads it, rounded up so that a byte over the limit never reads as the limit: 1,5 KB. */
export function sizeText(language: ConsoleLanguage, bytes: number): string {
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(Math.ceil(bytes / 102.4) / 10)} KB`;
}

/** Why a logo was refused, in the operator's language (the console's texts; the command line reads the English). */
export function logoProblemText(t: ConsoleT, language: ConsoleLanguage, refused: LogoProblem): string {
  const side = LOGO_MAX_SIDE;
  switch (refused.problem) {
    case 'tooLarge':
      return t('problem.tooLarge', { size: sizeText(language, refused.bytes), limit: sizeText(language, LOGO_MAX_BYTES) });
    case 'dimensions':
      return t('problem.dimensions', { width: refused.width, height: refused.height, side });
    case 'damaged':
      return t('problem.damaged', { type: refused.type.toUpperCase() });
    default:
      return t(`problem.${refused.problem}`);
  }
}

/** What a kept logo is: 'PNG, 24 × 8 pixels, 0,2 KB'. */
export function logoFactsText(t: ConsoleT, language: ConsoleLanguage, logo: OperatorLogo): string {
  return t('logoFacts', { type: logo.type.toUpperCase(), width: logo.width, height: logo.height, size: sizeText(language, Buffer.byteLength(logo.dataBase64, 'base64')) });
}

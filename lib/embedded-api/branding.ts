import { checkStylesheet, MAX_KEPT_LOGO_CHARS, type Theme } from '@/lib/validation/branding';
import type { Sql } from './db/database';

/**
 * The operator's branding (table `branding`, set in the console or with `branding set`): one theme
 * and at most one logo for every participant. It is read from the database on every answer that
 * carries it, never cached, so that a change shows on the next page on every instance.
 *
 * An assessment's or group code's own stylesheet (their `stylesheet` column) wins where it is not
 * 'default', the column's default, which means "the operator's"; a portal's pages keep the portal
 * theme.
 */
export type OperatorLogo = { type: 'png' | 'jpeg'; dataBase64: string; width: number; height: number };
export type OperatorBranding = { theme: Theme; logo?: OperatorLogo; updatedAt?: Date };

export const DEFAULT_BRANDING: OperatorBranding = { theme: 'default' };

export type BrandingRow = { theme: string; logo_base64: string | null; logo_type: 'png' | 'jpeg' | null; logo_width: number | null; logo_height: number | null; updated_at: Date };

/** The columns brandingOf reads, for a statement that reads the branding with something else (handlers/pageinfo.ts). */
export const BRANDING_COLUMNS = 'b.theme, b.logo_base64, b.logo_type, b.logo_width, b.logo_height, b.updated_at';

export async function loadBranding(sql: Sql): Promise<OperatorBranding> {
  const [row] = await sql.query<BrandingRow>(`select ${BRANDING_COLUMNS} from branding b`);
  return brandingOf(row);
}

/** The branding of its row (BRANDING_COLUMNS); no row, or a left join that found none: the default. */
export function brandingOf(row: Partial<BrandingRow> | undefined): OperatorBranding {
  if (!row?.theme) return { ...DEFAULT_BRANDING };
  const theme = checkStylesheet(row.theme);
  return {
    theme: theme.kind === 'ok' ? theme.value : 'default',
    ...(row.logo_base64 && row.logo_type && { logo: { type: row.logo_type, dataBase64: row.logo_base64, width: row.logo_width ?? 0, height: row.logo_height ?? 0 } }),
    ...(row.updated_at && { updatedAt: new Date(row.updated_at) }),
  };
}

/** The theme for an assessment or group code's own stylesheet column. */
export function themeFor(stylesheet: string | null | undefined, branding: OperatorBranding): string {
  return stylesheet && stylesheet !== 'default' ? stylesheet : branding.theme;
}

/**
 * The logo as the ident code's answer carries it: only one the participant's session keeps
 * (lib/validation/branding.ts MAX_KEPT_LOGO_CHARS); a larger one reaches the header through the
 * header/footer answer, which carries it on every page.
 */
export function identCodeLogo(branding: OperatorBranding): { logoDataBase64: string | null; logoFileExtension: string | null } {
  const logo = branding.logo;
  return logo && logo.dataBase64.length <= MAX_KEPT_LOGO_CHARS ? { logoDataBase64: logo.dataBase64, logoFileExtension: logo.type } : { logoDataBase64: null, logoFileExtension: null };
}

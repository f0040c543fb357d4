/**
 * The upstream's branding (spec §3: `stylesheet`, `logoDataBase64`, `logoFileExtension` of the ident
 * code's and the header/footer's answers), checked before any of it reaches a page: a stylesheet is
 * only ever the name of one of our themes (app/globals.css, body[data-theme=…]), never CSS of the
 * upstream's, and a logo is an image of a known type in base64 of a bounded size, shown as a data: URL.
 */

/** Our themes: the stylesheet names an upstream may give. */
export const THEMES = ['default', 'portal', 'green', 'dark-blue'] as const;
export type Theme = (typeof THEMES)[number];

/** The logo's type comes from its extension alone; what is not an image type of ours is no logo. */
export const LOGO_TYPES = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;
export type LogoExtension = keyof typeof LOGO_TYPES;
export type Logo = { extension: LogoExtension; dataBase64: string };

/**
 * The largest logo the session keeps (base64 characters, 768 bytes of image): the session cookie
 * holds it beside the token, sealed, which costs a third more again, and must stay well under a
 * browser's 4 KB per cookie (lib/session/session.test.ts measures it). A plain SVG logo fits (the
 * embedded API's is 572); a larger one is not kept, and the header/footer's logo applies
 * (lib/flows/branding.ts).
 */
export const MAX_KEPT_LOGO_CHARS = 1024;
/** The largest logo of the header/footer answer that is put into a page (≈ 96 KB of image): it goes into every page's HTML. */
export const MAX_HEADER_LOGO_CHARS = 128 * 1024;

/** Why a stylesheet or logo of the upstream's is not used: what the operator reads in the log. */
export type BrandingProblem =
  | { problem: 'unknown-stylesheet'; stylesheet: string }
  | { problem: 'logo-type'; logoFileExtension: string }
  | { problem: 'logo-not-base64' }
  | { problem: 'logo-too-large'; chars: number; limit: number };

/** Absent (nothing given: nothing changes), used, or refused with the reason. */
export type Checked<T> = { kind: 'absent' } | { kind: 'ok'; value: T } | { kind: 'refused'; reason: BrandingProblem };

const refused = (reason: BrandingProblem) => ({ kind: 'refused', reason }) as const;

const ABSENT = { kind: 'absent' } as const;
/** A name an upstream might write for one of ours: any case, a .css ending, '_' or spaces for '-'. */
const STYLESHEET_NAME = /^[a-z0-9 _-]{1,40}(?:\.css)?$/;
/** Canonical base64: whole groups of four, padding only at the end. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const isTheme = (name: string): name is Theme => (THEMES as readonly string[]).includes(name);

/** For the log: printable, and short whatever the upstream sent. */
const printable = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').slice(0, 60);

/** The theme an upstream's stylesheet name stands for (spec §4: "stylesheet … applied"). */
export function checkStylesheet(name: unknown): Checked<Theme> {
  if (typeof name !== 'string' || name.trim() === '') return ABSENT;
  const normal = name.trim().toLowerCase();
  const theme = STYLESHEET_NAME.test(normal) ? normal.replace(/\.css$/, '').replace(/[ _]+/g, '-') : '';
  if (isTheme(theme)) return { kind: 'ok', value: theme };
  return refused({ problem: 'unknown-stylesheet', stylesheet: printable(name) });
}

/**
 * The logo as it may be shown: its type by its extension (with or without the dot, any case), its
 * data canonical base64 (line breaks, as some encoders insert them, are dropped) of at most `limit`
 * characters. Without data there is no logo, whatever the extension.
 */
export function checkLogo(extension: unknown, dataBase64: unknown, limit: number): Checked<Logo> {
  if (typeof dataBase64 !== 'string' || dataBase64.trim() === '') return ABSENT;
  const type = typeof extension === 'string' ? extension.trim().toLowerCase().replace(/^\./, '') : '';
  if (!Object.hasOwn(LOGO_TYPES, type)) return refused({ problem: 'logo-type', logoFileExtension: printable(String(extension ?? '')) });
  // Measured before anything else is done with it: the bound also bounds the work.
  if (dataBase64.length > limit * 2) return refused({ problem: 'logo-too-large', chars: dataBase64.length, limit });
  const data = dataBase64.replace(/[\r\n]+/g, '');
  if (data.length > limit) return refused({ problem: 'logo-too-large', chars: data.length, limit });
  if (!BASE64.test(data)) return refused({ problem: 'logo-not-base64' });
  return { kind: 'ok', value: { extension: type as LogoExtension, dataBase64: data } };
}

/** The checked value, or undefined when absent or refused; a refusal's reason goes into `problems`. */
export function usable<T>(checked: Checked<T>, problems: BrandingProblem[]): T | undefined {
  if (checked.kind === 'refused') problems.push(checked.reason);
  return checked.kind === 'ok' ? checked.value : undefined;
}

/** The logo as the src of an <img>: a data: URL, never anything the browser would fetch. */
export function logoDataUrl(logo: Logo): string {
  return `data:${LOGO_TYPES[logo.extension]};base64,${logo.dataBase64}`;
}

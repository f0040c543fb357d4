import { checkLogo, checkStylesheet, logoDataUrl, MAX_HEADER_LOGO_CHARS, usable, type BrandingProblem, type Logo, type Theme } from '@/lib/validation/branding';

/** The bundled logo: without a logo from the upstream, and whenever the upstream gives none that passes. */
export const BUNDLED_LOGO = '/logo.svg';

/** What the session keeps of the ident code's answer (lib/session/callEffects.ts 'branding'), already checked. */
export type KeptBranding = { theme?: Theme; logo?: Logo };

/** The header/footer answer's fields (spec §2, §3), when it came back Ok. */
export type HeaderFooterBranding = {
  stylesheet?: string | null;
  logoDataBase64?: string | null;
  logoFileExtension?: string | null;
  showLanguageSelection?: boolean | null;
};

export type ChromeBranding = {
  theme: Theme;
  logoSrc: string;
  /** Whether the header/footer answer allows the language selector; the session must allow it too. */
  showLanguageSelection: boolean;
  /** What of the header/footer answer was not used, for the log. */
  problems: BrandingProblem[];
};

/**
 * The look of the frame: theme, logo, and whether the language selector may show.
 *
 * The ident code's stylesheet and logo win over the header/footer's (spec §4: "language, stylesheet
 * and logo are applied"). The spec's client writes both answers into the same session fields, the
 * later one winning; it asks for the header/footer once when the app starts, so the ident code's,
 * which comes later, is what the participant sees for the rest of the flow. This app asks for the
 * header/footer on every page: were its answer the later one, the ident code's branding would last
 * one page. The header/footer's applies where the session keeps none (the group flows, the portal,
 * before the ident code, after a sign-out), and field by field: an answer without a logo leaves the
 * bundled one. A header/footer answer that does not say `showLanguageSelection` changes nothing.
 */
export function chromeBranding(kept: KeptBranding, answer: HeaderFooterBranding | undefined): ChromeBranding {
  const problems: BrandingProblem[] = [];
  const theme = kept.theme ?? (answer && usable(checkStylesheet(answer.stylesheet), problems)) ?? 'default';
  const logo = kept.logo ?? (answer && usable(checkLogo(answer.logoFileExtension, answer.logoDataBase64, MAX_HEADER_LOGO_CHARS), problems));
  return {
    theme,
    logoSrc: logo ? logoDataUrl(logo) : BUNDLED_LOGO,
    showLanguageSelection: answer?.showLanguageSelection !== false,
    problems,
  };
}

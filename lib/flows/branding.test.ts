import { BUNDLED_LOGO, chromeBranding, type HeaderFooterBranding, type KeptBranding } from './branding';

const KEPT_LOGO = { extension: 'svg', dataBase64: 'S0VQVA==' } as const;
const KEPT: KeptBranding = { theme: 'green', logo: KEPT_LOGO };
const ANSWER: HeaderFooterBranding = { stylesheet: 'dark-blue', logoFileExtension: 'png', logoDataBase64: 'SEVBREVS' };

const KEPT_SRC = 'data:image/svg+xml;base64,S0VQVA==';
const ANSWER_SRC = 'data:image/png;base64,SEVBREVS';

describe('chromeBranding: which look the frame shows', () => {
  it.each<[string, KeptBranding, HeaderFooterBranding | undefined, string, string]>([
    // [case, kept from the ident code, header/footer answer (Ok), theme, logo]
    ['the ident code\'s theme and logo win over the header/footer\'s', KEPT, ANSWER, 'green', KEPT_SRC],
    ['nothing kept (group flows, portal, before the ident code): the header/footer\'s', {}, ANSWER, 'dark-blue', ANSWER_SRC],
    ['field by field: a kept theme, the header/footer\'s logo', { theme: 'green' }, ANSWER, 'green', ANSWER_SRC],
    ['field by field: a kept logo, the header/footer\'s theme', { logo: KEPT_LOGO }, ANSWER, 'dark-blue', KEPT_SRC],
    ['a header/footer answer without stylesheet and logo erases nothing kept', KEPT, {}, 'green', KEPT_SRC],
    ['nor do nulls', KEPT, { stylesheet: null, logoDataBase64: null, logoFileExtension: null }, 'green', KEPT_SRC],
    ['no header/footer answer (a broken upstream): the kept look still shows', KEPT, undefined, 'green', KEPT_SRC],
    ['nothing anywhere: default theme, bundled logo', {}, undefined, 'default', BUNDLED_LOGO],
    ['a header/footer answer without branding: default theme, bundled logo', {}, {}, 'default', BUNDLED_LOGO],
    ['the header/footer\'s unknown stylesheet: the default theme', {}, { ...ANSWER, stylesheet: 'purple' }, 'default', ANSWER_SRC],
    ['the header/footer\'s logo of an unknown type: the bundled logo', {}, { ...ANSWER, logoFileExtension: 'html' }, 'dark-blue', BUNDLED_LOGO],
    ['the header/footer\'s logo not base64: the bundled logo', {}, { ...ANSWER, logoDataBase64: '"><script>' }, 'dark-blue', BUNDLED_LOGO],
  ])('%s', (_case, kept, answer, theme, logoSrc) => {
    expect(chromeBranding(kept, answer)).toMatchObject({ theme, logoSrc });
  });

  it('a header/footer logo up to 128 KiB of base64 shows, a larger one does not', () => {
    const data = (chars: number) => 'A'.repeat(chars);
    expect(chromeBranding({}, { logoFileExtension: 'png', logoDataBase64: data(128 * 1024) }).logoSrc).toMatch(/^data:image\/png;base64,A+$/);
    expect(chromeBranding({}, { logoFileExtension: 'png', logoDataBase64: data(128 * 1024 + 4) })).toMatchObject({
      logoSrc: BUNDLED_LOGO,
      problems: [{ problem: 'logo-too-large', chars: 128 * 1024 + 4, limit: 128 * 1024 }],
    });
  });

  it('names what of the header/footer answer it did not use; what it did not need is not looked at', () => {
    const odd = { stylesheet: 'purple', logoFileExtension: 'exe', logoDataBase64: 'AAAA' };
    expect(chromeBranding({}, odd).problems).toEqual([
      { problem: 'unknown-stylesheet', stylesheet: 'purple' },
      { problem: 'logo-type', logoFileExtension: 'exe' },
    ]);
    expect(chromeBranding(KEPT, odd).problems).toEqual([]);
  });

  it.each<[string, HeaderFooterBranding | undefined, boolean]>([
    ['false hides it', { showLanguageSelection: false }, false],
    ['true allows it', { showLanguageSelection: true }, true],
    ['an answer without the field changes nothing', {}, true],
    ['nor does null', { showLanguageSelection: null }, true],
    ['nor does no answer', undefined, true],
  ])('the header/footer answer and the language selector: %s', (_case, answer, shown) => {
    expect(chromeBranding(KEPT, answer).showLanguageSelection).toBe(shown);
  });
});

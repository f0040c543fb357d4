import fs from 'node:fs';
import { checkLogo, checkStylesheet, logoDataUrl, MAX_KEPT_LOGO_CHARS, THEMES, usable, type BrandingProblem } from './branding';

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>').toString('base64');
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';

describe('checkStylesheet: the upstream names one of our themes, or nothing is used', () => {
  it.each<[unknown, string]>([
    ['default', 'default'],
    ['portal', 'portal'],
    ['green', 'green'],
    ['dark-blue', 'dark-blue'],
    // Written another way by an upstream.
    ['Green', 'green'],
    ['  DARK-BLUE ', 'dark-blue'],
    ['green.css', 'green'],
    ['Dark_Blue.css', 'dark-blue'],
    ['dark blue', 'dark-blue'],
  ])('%p is the theme %p', (name, theme) => {
    expect(checkStylesheet(name)).toEqual({ kind: 'ok', value: theme });
  });

  it.each<[unknown]>([[undefined], [null], [''], ['   '], [7], [{ name: 'green' }]])('%p is no stylesheet: nothing changes', (name) => {
    expect(checkStylesheet(name)).toEqual({ kind: 'absent' });
  });

  it.each<[string, string]>([
    ['corporate-purple', 'corporate-purple'],
    ['green.scss', 'green.scss'],
    ['styles/green.css', 'styles/green.css'],
    ['https://evil.example/x.css', 'https://evil.example/x.css'],
    ['green;}body{display:none', 'green;}body{display:none'],
    ['grün', 'gr?n'],
    ['toString', 'toString'],
    ['x'.repeat(100), 'x'.repeat(60)],
  ])('%p is refused, named for the log as %p (printable, at most 60 characters)', (name, logged) => {
    expect(checkStylesheet(name)).toEqual({ kind: 'refused', reason: { problem: 'unknown-stylesheet', stylesheet: logged } });
  });

  it('every theme is a rule of the stylesheet the page loads', () => {
    const css = fs.readFileSync('app/globals.css', 'utf8');
    for (const theme of THEMES.filter((t) => t !== 'default')) expect(css).toContain(`body[data-theme='${theme}']`);
  });
});

describe('checkLogo: type by extension, canonical base64, bounded size', () => {
  it.each<[unknown, string, string]>([
    ['svg', SVG, 'svg'],
    ['SVG', SVG, 'svg'],
    ['.png', PNG_1PX, 'png'],
    ['jpg', 'AAAA', 'jpg'],
    ['jpeg', 'AAA=', 'jpeg'],
    ['gif', 'AA==', 'gif'],
    ['webp', 'AAAA', 'webp'],
  ])('%p with base64 is a logo of type %p', (extension, data, type) => {
    expect(checkLogo(extension, data, MAX_KEPT_LOGO_CHARS)).toEqual({ kind: 'ok', value: { extension: type, dataBase64: data } });
  });

  it('line breaks some encoders insert are dropped', () => {
    expect(checkLogo('png', `${PNG_1PX.slice(0, 40)}\r\n${PNG_1PX.slice(40)}\n`, MAX_KEPT_LOGO_CHARS)).toEqual({ kind: 'ok', value: { extension: 'png', dataBase64: PNG_1PX } });
  });

  it.each<[unknown, unknown]>([
    ['svg', undefined],
    ['svg', null],
    ['svg', ''],
    [undefined, undefined],
    ['exe', ''],
  ])('extension %p without data is no logo: nothing changes', (extension, data) => {
    expect(checkLogo(extension, data, MAX_KEPT_LOGO_CHARS)).toEqual({ kind: 'absent' });
  });

  it.each<[unknown, string, BrandingProblem]>([
    [undefined, SVG, { problem: 'logo-type', logoFileExtension: '' }],
    ['', SVG, { problem: 'logo-type', logoFileExtension: '' }],
    ['html', SVG, { problem: 'logo-type', logoFileExtension: 'html' }],
    ['svg+xml', SVG, { problem: 'logo-type', logoFileExtension: 'svg+xml' }],
    ['constructor', SVG, { problem: 'logo-type', logoFileExtension: 'constructor' }],
    ['svg', 'PHN2Zz4=";alert(1)//', { problem: 'logo-not-base64' }],
    ['svg', 'data:image/svg+xml;base64,' + SVG, { problem: 'logo-not-base64' }],
    ['svg', 'PHN2Zz4', { problem: 'logo-not-base64' }],
    ['svg', 'PH=2Zz4=', { problem: 'logo-not-base64' }],
    ['svg', 'PHN2 Zz4=', { problem: 'logo-not-base64' }],
    ['svg', 'PHN2Zz4-_w==', { problem: 'logo-not-base64' }],
  ])('%p with %p is refused', (extension, data, reason) => {
    expect(checkLogo(extension, data, MAX_KEPT_LOGO_CHARS)).toEqual({ kind: 'refused', reason });
  });

  it(`keeps a logo of ${MAX_KEPT_LOGO_CHARS} characters, refuses one of 4 more (and a huge one without looking at it)`, () => {
    expect(checkLogo('png', 'A'.repeat(MAX_KEPT_LOGO_CHARS), MAX_KEPT_LOGO_CHARS).kind).toBe('ok');
    expect(checkLogo('png', 'A'.repeat(MAX_KEPT_LOGO_CHARS + 4), MAX_KEPT_LOGO_CHARS)).toEqual({
      kind: 'refused',
      reason: { problem: 'logo-too-large', chars: MAX_KEPT_LOGO_CHARS + 4, limit: MAX_KEPT_LOGO_CHARS },
    });
    expect(checkLogo('png', '!'.repeat(10_000_000), MAX_KEPT_LOGO_CHARS)).toEqual({
      kind: 'refused',
      reason: { problem: 'logo-too-large', chars: 10_000_000, limit: MAX_KEPT_LOGO_CHARS },
    });
  });

  it('is shown as a data: URL of its type', () => {
    expect(logoDataUrl({ extension: 'svg', dataBase64: SVG })).toBe(`data:image/svg+xml;base64,${SVG}`);
    expect(logoDataUrl({ extension: 'jpg', dataBase64: 'AAAA' })).toBe('data:image/jpeg;base64,AAAA');
  });
});

describe('usable', () => {
  it('gives the value, nothing for an absent one, and collects the reason of a refused one', () => {
    const problems: BrandingProblem[] = [];
    expect(usable(checkStylesheet('green'), problems)).toBe('green');
    expect(usable(checkStylesheet(null), problems)).toBeUndefined();
    expect(usable(checkStylesheet('purple'), problems)).toBeUndefined();
    expect(problems).toEqual([{ problem: 'unknown-stylesheet', stylesheet: 'purple' }]);
  });
});

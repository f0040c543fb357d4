import { bcp47, DEFAULT_LANGUAGE, isLanguage, languageFromToken, LANGUAGES, type Language } from './languages';

describe('LANGUAGES', () => {
  it('are the five upstream codes, German first and the default', () => {
    expect(LANGUAGES).toEqual(['de-DE', 'en-US', 'fr-FR', 'it-IT', 'cz-CZ']);
    expect(DEFAULT_LANGUAGE).toBe('de-DE');
  });

  it.each([
    ['de-DE', true],
    ['cz-CZ', true],
    ['cs-CZ', false],
    ['de', false],
    ['DE-DE', false],
    ['', false],
    [undefined, false],
    [1, false],
  ])('isLanguage(%p) is %p', (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });
});

describe('languageFromToken (group URL tokens, spec §9)', () => {
  it.each<[string, Language]>([
    ['de', 'de-DE'],
    ['en', 'en-US'],
    ['fr', 'fr-FR'],
    ['it', 'it-IT'],
    ['cz', 'cz-CZ'],
    ['cs', 'cz-CZ'],
    ['DE', 'de-DE'],
    [' en ', 'en-US'],
    ['Cz', 'cz-CZ'],
  ])('short token %p → %s', (token, expected) => {
    expect(languageFromToken(token)).toBe(expected);
  });

  it.each<[string, Language]>([
    ['de-DE', 'de-DE'],
    ['en-US', 'en-US'],
    ['fr-FR', 'fr-FR'],
    ['it-IT', 'it-IT'],
    ['cz-CZ', 'cz-CZ'],
    ['cs-CZ', 'cz-CZ'],
    ['cs-cz', 'cz-CZ'],
    ['EN-us', 'en-US'],
  ])('full code %p → %s', (token, expected) => {
    expect(languageFromToken(token)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    [undefined, 'undefined'],
    [null, 'null'],
    ['es', 'unsupported language'],
    ['en-GB', 'unsupported region'],
    ['deutsch', 'a word'],
    ['d', 'too short'],
    ['de-', 'truncated'],
    ['<script>', 'markup'],
  ])('junk %p (%s) → undefined', (token, _label) => {
    expect(languageFromToken(token)).toBeUndefined();
  });

  it.each(['constructor', '__proto__'])('junk %p (an Object.prototype name) → undefined', (token) => {
    expect(languageFromToken(token)).toBeUndefined();
  });
});

describe('bcp47 (for <html lang> and Intl)', () => {
  it.each<[Language, string]>([
    ['de-DE', 'de-DE'],
    ['en-US', 'en-US'],
    ['fr-FR', 'fr-FR'],
    ['it-IT', 'it-IT'],
    ['cz-CZ', 'cs-CZ'],
  ])('%s → %s', (language, tag) => {
    expect(bcp47(language)).toBe(tag);
  });

  it.each(LANGUAGES.map((l) => [l]))('%s gives a tag Intl accepts as is', (language) => {
    expect(Intl.getCanonicalLocales(bcp47(language))).toEqual([bcp47(language)]);
  });
});

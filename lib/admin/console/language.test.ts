import { consoleLanguageOf } from './language';

describe('consoleLanguageOf', () => {
  it.each([
    [undefined, undefined, 'de'],
    ['en', 'de-DE', 'en'],
    ['de', 'en-US', 'de'],
    ['fr', 'en-GB,en;q=0.9', 'en'],
    [undefined, 'fr-FR,fr;q=0.9,en;q=0.8,de;q=0.7', 'en'],
    [undefined, 'de;q=0.5,en;q=0.9', 'en'],
    [undefined, 'en;q=0,de', 'de'],
    [undefined, 'cs-CZ', 'de'],
    [undefined, ';;;,,', 'de'],
  ])('chosen %j, Accept-Language %j: %s', (chosen, accept, language) => {
    expect(consoleLanguageOf(chosen, accept)).toBe(language);
  });
});

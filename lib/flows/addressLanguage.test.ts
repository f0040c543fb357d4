import { newSession } from '@/lib/session/data';
import { groupLoginLanguage, languageInAddress, withChosenLanguage } from './addressLanguage';

describe('languageInAddress', () => {
  it.each<[string, string, string | undefined]>([
    ['/home/P1DEMO01/en', '', 'en-US'],
    ['/home/P1DEMO01/fr/7', '', 'fr-FR'],
    ['/home/P1DEMO01/cz', '', 'cz-CZ'],
    ['/home/P1DEMO01/it-IT', '', 'it-IT'],
    ['/home', 'lg=en', 'en-US'],
    ['/home/', 'sid=P1DEMO01&lg=de', 'de-DE'],
    // The path's language wins over a query one.
    ['/home/P1DEMO01/fr', 'lg=en', 'fr-FR'],
    ['/home/P1DEMO01', '', undefined],
    ['/home', 'lg=xx', undefined],
    ['/home/P1DEMO01/%ff', '', undefined],
    ['/accesscode', 'lg=en', undefined],
    ['/homework/x/en', '', undefined],
    ['/kodew/KWDEMO01/en', '', 'en-US'],
    ['/kodew/KWDEMO01/cz', '', 'cz-CZ'],
    ['/kodew/KWDEMO01/it/', '', 'it-IT'],
    ['/kodegroupcode/KGDEMO01/fr', '', 'fr-FR'],
    ['/kodew/KWDEMO01/xx', '', undefined],
    ['/kodew/KWDEMO01', 'lg=en', undefined],
    ['/kodew/en', '', undefined],
    ['/kodew/KWDEMO01/en/more', '', undefined],
    // /ra takes no language token (spec §2).
    ['/ra/RADEMO01/en', '', undefined],
    ['/kodewemail/x/en', '', undefined],
  ])('%s?%s → %p', (path, query, expected) => {
    expect(languageInAddress(path, new URLSearchParams(query))).toBe(expected);
  });
});

describe('withChosenLanguage', () => {
  it('sets both languages and marks them chosen', () => {
    const session = newSession({ uiLanguage: 'de-DE', questionnaireLanguage: 'fr-FR' });
    expect(withChosenLanguage(session, 'en-US')).toEqual({ ...session, uiLanguage: 'en-US', questionnaireLanguage: 'en-US', languageChosen: true });
  });

  it('nothing to change: undefined (no cookie is written)', () => {
    const session = newSession({ uiLanguage: 'en-US', questionnaireLanguage: 'en-US', languageChosen: true });
    expect(withChosenLanguage(session, 'en-US')).toBeUndefined();
  });

  it('the same language, not yet chosen: it becomes chosen', () => {
    const session = newSession();
    expect(withChosenLanguage(session, 'de-DE')).toMatchObject({ languageChosen: true });
  });
});

describe('groupLoginLanguage', () => {
  it('the chosen language goes with the group-code login; none chosen, none sent (the group’s applies)', () => {
    expect(groupLoginLanguage(newSession({ uiLanguage: 'en-US', languageChosen: true }))).toBe('en-US');
    expect(groupLoginLanguage(newSession({ uiLanguage: 'en-US', languageChosen: false }))).toBeUndefined();
  });
});

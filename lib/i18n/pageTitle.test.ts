import { pageTitle } from './pageTitle';

describe('pageTitle', () => {
  it.each<[Array<string | null | undefined>, string]>([
    [['Seite 2 von 6', 'Kompetenzprofil Führung und Zusammenarbeit'], 'Seite 2 von 6 – Kompetenzprofil Führung und Zusammenarbeit – Assessment Online'],
    [['Anmeldung'], 'Anmeldung – Assessment Online'],
    [['Page 1 of 10', '', null, undefined, '  Work style\n assessment '], 'Page 1 of 10 – Work style assessment – Assessment Online'],
    [[], 'Assessment Online'],
  ])('%j → %s', (parts, expected) => {
    expect(pageTitle(parts)).toBe(expected);
  });
});

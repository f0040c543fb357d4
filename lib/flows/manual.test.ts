import { manualContinue } from './manual';

describe("manualContinue: where the manual's continue button leads (spec §2)", () => {
  it.each<[string, number, 'kodew' | 'ra' | 'kodegroupcode' | undefined, string]>([
    ['/questionnairemanual, ident-code flow (product 1)', 1, undefined, '/questionnaire'],
    ['/questionnairemanual, product 2 (kodegroupcode, grid)', 2, undefined, '/questionnaire'],
    ['/questionnairemanual, product 3 (ra)', 3, undefined, '/questionnaire'],
    ['/questionnairemanual, product 4: a returning web-variant participant goes to the selection', 4, undefined, '/kodewquestionnaireselection'],
    ['/questionnairemanual without a product', 0, undefined, '/questionnaire'],
    ['/kodewquestionnairemanual', 4, 'kodew', '/kodewquestionnaireselection'],
    ["/kodewquestionnairemanual whatever the token's product", 0, 'kodew', '/kodewquestionnaireselection'],
    ['ra', 3, 'ra', '/questionnaire'],
    ['kodegroupcode', 2, 'kodegroupcode', '/questionnaire'],
  ])('%s', (_label, product, variant, route) => {
    expect(manualContinue(product, variant)).toBe(route);
  });
});

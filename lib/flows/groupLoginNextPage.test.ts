import { nextPageAfterGroupLogin } from './groupLoginNextPage';
import { groupVariant } from './groupVariants';

const kgc = groupVariant('kodegroupcode');

describe('the page after a kodegroupcode login (spec §4, §7)', () => {
  it.each<[string, unknown, string]>([
    ['no nextPage: the default', undefined, '/kodegroupcodepersonal'],
    ['null', null, '/kodegroupcodepersonal'],
    ['blank', '  ', '/kodegroupcodepersonal'],
    ['the personal page', '/kodegroupcodepersonal', '/kodegroupcodepersonal'],
    ['the e-mail step as a route', '/kodegroupcodeemail', '/kodegroupcodeemail'],
    ['the flow’s manual as a bare name', 'kodegroupcodemanual', '/kodegroupcodemanual'],
    ['relative to the entry, as the spec’s links are', '../questionnairemanual', '/questionnairemanual'],
    ['with a trailing slash and spaces', ' /questionnaire/ ', '/questionnaire'],
    ['another flow’s page', '/kodewquestionnaireselection', '/kodegroupcodepersonal'],
    ['the ident-code flow’s register page', '/register', '/kodegroupcodepersonal'],
    ['the error page', '/error', '/kodegroupcodepersonal'],
    ['another site', 'https://evil.example/kodegroupcodeemail', '/kodegroupcodepersonal'],
    ['a protocol-relative address', '//evil.example', '/kodegroupcodepersonal'],
    ['a query', '/kodegroupcodeemail?x=1', '/kodegroupcodepersonal'],
    ['a fragment', '/kodegroupcodeemail#top', '/kodegroupcodepersonal'],
    ['more segments', '/kodegroupcode/KGDEMO01', '/kodegroupcodepersonal'],
    ['climbing further', '../../kodegroupcodeemail', '/kodegroupcodepersonal'],
    ['another case', '/KodeGroupCodeEmail', '/kodegroupcodepersonal'],
    ['not a string', 3, '/kodegroupcodepersonal'],
  ])('%s (%p) → %s', (_what, nextPage, to) => {
    expect(nextPageAfterGroupLogin(nextPage, kgc)).toBe(to);
  });

  it.each(['ra', 'kodew'] as const)('%s names no next page: always its personal page, whatever the answer says', (variant) => {
    const row = groupVariant(variant);
    expect(nextPageAfterGroupLogin('/questionnairemanual', row)).toBe(row.routes.personal);
    expect(nextPageAfterGroupLogin(undefined, row)).toBe(row.routes.personal);
  });
});

import { GROUP_VARIANTS, groupVariant } from '@/lib/flows/groupVariants';
import { CALL_PATHS, CALLS } from './catalogue';
import { GROUP_LOGIN, GROUP_PERSONAL_INFO, NO_EFFECTS } from './sessionEffects';

describe('the session effects beside the calls', () => {
  it.each(GROUP_VARIANTS)('the %s variant’s login and personal info have the group flows’ effects', (variant) => {
    const { calls } = groupVariant(variant);
    expect(CALLS[calls.login].session).toBe(GROUP_LOGIN);
    expect(CALLS[calls.personal].session).toBe(GROUP_PERSONAL_INFO);
  });

  it('a page that only shows texts changes nothing', () => {
    const pages = CALL_PATHS.filter((path) => path.startsWith('pageinfo') && path !== 'pageinfo/questionnaire');
    expect(pages.filter((path) => CALLS[path].session !== NO_EFFECTS)).toEqual([]);
  });

  it('only a login call gives the session a new id outright', () => {
    const renewing = CALL_PATHS.filter((path) => CALLS[path].session.effects.includes('newSessionId'));
    expect(renewing.every((path) => CALLS[path].session.when === 'loggedIn' && path.endsWith('/login'))).toBe(true);
    expect(renewing).toHaveLength(1 + GROUP_VARIANTS.length);
  });
});

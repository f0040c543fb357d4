import { GROUP_VARIANTS, groupVariant, variantOfLogin, type AdditionalFieldsVariant, type GroupVariant } from './groupVariants';

describe('the group variant table', () => {
  it.each(GROUP_VARIANTS)('knows %s by its login call, and no other call as a login', (variant) => {
    const { calls } = groupVariant(variant);
    expect(variantOfLogin(calls.login)).toBe(variant);
    expect(variantOfLogin(calls.personal)).toBeUndefined();
  });

  it('derives the variants with additional fields from the personalFields column', () => {
    const withFields = GROUP_VARIANTS.filter((variant) => groupVariant(variant).personalFields === 'additionalFields');
    // Compiles only while the type and the column agree.
    const typed: AdditionalFieldsVariant[] = ['kodew', 'kodegroupcode'];
    const notRa: Exclude<GroupVariant, AdditionalFieldsVariant> = 'ra';
    expect(withFields).toEqual(typed);
    expect(withFields).not.toContain(notRa);
  });

  it('has a questionnaire selection only where both its calls are named', () => {
    for (const variant of GROUP_VARIANTS) {
      const { calls } = groupVariant(variant);
      expect(calls.selection === undefined).toBe(calls.selectionPage === undefined);
    }
  });
});

/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import { KeyChoice, MIN_KEY_LENGTH_ACCESS, MIN_KEY_LENGTH_GROUP } from '@/lib/validation/personalKey';
import { usePersonalKey, type PersonalKeyOptions } from './usePersonalKey';

const CRYPTO = { key: 'Kx7#pQ2!vR9$mW4z', iv: 'iV3@bN8&cT5*hJ1q' };
const render = (minLength: number, options: PersonalKeyOptions) => renderHook(() => usePersonalKey(minLength, options));

describe('usePersonalKey: the one state of a personal-key form (spec §4, §5)', () => {
  it('without an account: set forced, consent unticked and free, nothing to save yet', () => {
    const { result } = render(MIN_KEY_LENGTH_GROUP, { canKeep: false, consentGiven: false });
    expect(result.current.keyChoice).toMatchObject({ canKeep: false, choice: KeyChoice.Set, privacyAccepted: false, privacyLocked: false });
    expect(result.current.settingKey).toBe(true);
    expect(result.current.canSave).toBe(false);
    expect(result.current.problems).toEqual(['tooShort', 'privacyMissing']);
    // Even a 'keep' chosen by a stray event cannot keep a key that does not exist.
    act(() => result.current.keyChoice.onChoice(KeyChoice.Keep));
    expect(result.current.choice).toBe(KeyChoice.Set);
  });

  it('with an account: keep chosen, consent ticked and locked, save enabled, an empty key sent', async () => {
    const { result } = render(MIN_KEY_LENGTH_GROUP, { canKeep: true, consentGiven: true });
    expect(result.current.keyChoice).toMatchObject({ choice: KeyChoice.Keep, privacyAccepted: true, privacyLocked: true });
    expect(result.current.canSave).toBe(true);
    await expect(result.current.encrypted(CRYPTO)).resolves.toBe('');
    act(() => result.current.keyChoice.onPrivacy(false));
    expect(result.current.consent).toBe(true);
  });

  it('group: save reads as enabled only with a key of 6 equal to its confirmation, and consent', async () => {
    const { result } = render(MIN_KEY_LENGTH_GROUP, { canKeep: false, consentGiven: false });
    act(() => {
      result.current.keyChoice.onKey('abcde');
      result.current.keyChoice.onConfirmation('abcde');
      result.current.keyChoice.onPrivacy(true);
    });
    expect(result.current.canSave).toBe(false);
    expect(result.current.problems).toEqual(['tooShort']);
    act(() => {
      result.current.keyChoice.onKey(' abcdef ');
      result.current.keyChoice.onConfirmation('abcdef');
    });
    expect(result.current.canSave).toBe(true);
    expect(result.current.problems).toEqual([]);
    // Sent trimmed and encrypted, never as typed.
    const sent = await result.current.encrypted(CRYPTO);
    expect(sent).not.toBe('');
    expect(sent).not.toContain('abcdef');
  });

  it('/accesspassword: save reads as enabled once a key is confirmed; the 5-character rule explains on press', () => {
    const { result } = render(MIN_KEY_LENGTH_ACCESS, { canKeep: false, consentGiven: true, saveEnabledFrom: 1 });
    act(() => {
      result.current.keyChoice.onKey('abc');
      result.current.keyChoice.onConfirmation('abc');
    });
    expect(result.current.canSave).toBe(true);
    expect(result.current.problems).toEqual(['tooShort']);
  });
});

import { canSaveKey, decideSubmittedKey, KeyChoice, keySaveProblems, MIN_KEY_LENGTH_GROUP, personalKeyProblems } from './personalKey';

describe('personal key rules (spec §5)', () => {
  it.each([
    [KeyChoice.Set, 'abcde', 'abcde', []],
    [KeyChoice.Set, '  abcde  ', 'abcde', []],
    [KeyChoice.Set, 'abcd', 'abcd', ['tooShort']],
    [KeyChoice.Set, '    abcd ', 'abcd', ['tooShort']],
    [KeyChoice.Set, 'abcdef', 'abcdeg', ['notConfirmed']],
    [KeyChoice.Set, 'ab', 'cd', ['tooShort', 'notConfirmed']],
    [KeyChoice.Keep, '', '', []],
    [KeyChoice.Keep, 'x', 'y', []],
  ])('choice %s, key %j, confirmation %j → %j', (choice, key, confirmation, problems) => {
    expect(personalKeyProblems(choice, key, confirmation)).toEqual(problems);
  });

  it('group personal info needs 6 characters', () => {
    expect(personalKeyProblems(KeyChoice.Set, 'abcde', 'abcde', MIN_KEY_LENGTH_GROUP)).toEqual(['tooShort']);
    expect(personalKeyProblems(KeyChoice.Set, 'abcdef', 'abcdef', MIN_KEY_LENGTH_GROUP)).toEqual([]);
  });

  it.each([
    [KeyChoice.Keep, '', '', true, true],
    [KeyChoice.Keep, '', '', false, false],
    [KeyChoice.Set, '', '', true, false],
    [KeyChoice.Set, 'abc', 'abd', true, false],
    [KeyChoice.Set, 'abc', 'abc', true, true],
    [KeyChoice.Set, 'abcdef', 'abcdef', false, false],
  ])('save enabled for choice %s, %j/%j, privacy %s: %s', (choice, key, confirmation, privacy, expected) => {
    expect(canSaveKey(choice, key, confirmation, privacy)).toBe(expected);
  });

  it.each([
    [KeyChoice.Keep, '', '', true, []],
    [KeyChoice.Keep, '', '', false, ['privacyMissing']],
    [KeyChoice.Set, '', '', true, ['tooShort']],
    [KeyChoice.Set, 'Sonne2026', 'Sonne2025', true, ['notConfirmed']],
    [KeyChoice.Set, 'abc', 'abd', false, ['tooShort', 'notConfirmed', 'privacyMissing']],
    [KeyChoice.Set, 'Sonne2026', 'Sonne2026', true, []],
  ])('/accesspassword explains for choice %s, %j/%j, privacy %s: %j', (choice, key, confirmation, privacy, problems) => {
    expect(keySaveProblems(choice, key, confirmation, privacy)).toEqual(problems);
  });

  it('every state in which save reads as disabled has an explanation', () => {
    const keys = ['', 'abc', 'abd', 'Sonne2026', '  Sonne2026 '];
    for (const choice of [KeyChoice.Keep, KeyChoice.Set])
      for (const key of keys)
        for (const confirmation of keys)
          for (const privacy of [true, false])
            if (!canSaveKey(choice, key, confirmation, privacy)) expect(keySaveProblems(choice, key, confirmation, privacy)).not.toEqual([]);
  });

  it.each([
    // Group personal info (spec §5): save reads as enabled only with an acceptable key (≥ 6, equal) and consent.
    [KeyChoice.Keep, '', '', true, true],
    [KeyChoice.Keep, '', '', false, false],
    [KeyChoice.Set, 'abcde', 'abcde', true, false],
    [KeyChoice.Set, ' abcde ', 'abcde', true, false],
    [KeyChoice.Set, 'abcdef', 'abcdef', true, true],
    [KeyChoice.Set, '  abcdef', 'abcdef  ', true, true],
    [KeyChoice.Set, 'abcdef', 'abcdeg', true, false],
    [KeyChoice.Set, 'abcdef', 'abcdef', false, false],
  ])('group: save enabled for choice %s, %j/%j, privacy %s: %s', (choice, key, confirmation, privacy, expected) => {
    expect(canSaveKey(choice, key, confirmation, privacy, MIN_KEY_LENGTH_GROUP)).toBe(expected);
  });

  it('group: every state in which save reads as disabled has an explanation', () => {
    const keys = ['', 'abcde', 'abcdef', 'abcdeg', ' abcdef '];
    for (const choice of [KeyChoice.Keep, KeyChoice.Set])
      for (const key of keys)
        for (const confirmation of keys)
          for (const privacy of [true, false])
            if (!canSaveKey(choice, key, confirmation, privacy, MIN_KEY_LENGTH_GROUP)) {
              expect(keySaveProblems(choice, key, confirmation, privacy, MIN_KEY_LENGTH_GROUP)).not.toEqual([]);
            }
  });
});

describe('the upstream\'s rule for a submitted key (spec §5, §9)', () => {
  it.each([
    [{ keep: true } as const, true, { kind: 'keep' }],
    [{ keep: true } as const, false, { kind: 'refused', problem: 'nothingToKeep' }],
    [{ plain: 'abcdef' }, false, { kind: 'set', key: 'abcdef' }],
    [{ plain: '  abcdef  ' }, true, { kind: 'set', key: 'abcdef' }],
    [{ plain: 'abcde' }, false, { kind: 'refused', problem: 'tooShort' }],
    [{ plain: '  abcde   ' }, true, { kind: 'refused', problem: 'tooShort' }],
    [{ plain: '' }, true, { kind: 'refused', problem: 'tooShort' }],
  ])('%j with a key set: %s → %j', (sent, hasKey, decision) => {
    expect(decideSubmittedKey(sent, hasKey, MIN_KEY_LENGTH_GROUP)).toEqual(decision);
  });
});

import { accessPasswordProblems, canSaveKey, KeyChoice, MIN_KEY_LENGTH_GROUP, personalKeyProblems } from './personalKey';

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
    expect(accessPasswordProblems(choice, key, confirmation, privacy)).toEqual(problems);
  });

  it('every state in which save reads as disabled has an explanation', () => {
    const keys = ['', 'abc', 'abd', 'Sonne2026', '  Sonne2026 '];
    for (const choice of [KeyChoice.Keep, KeyChoice.Set])
      for (const key of keys)
        for (const confirmation of keys)
          for (const privacy of [true, false])
            if (!canSaveKey(choice, key, confirmation, privacy)) expect(accessPasswordProblems(choice, key, confirmation, privacy)).not.toEqual([]);
  });
});

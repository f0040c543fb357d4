import { passwordIsSet } from './personalKey';

describe('isPasswordSet as /accesspassword and /register read it', () => {
  it.each<[{ isPasswordSet?: boolean | null }, boolean]>([
    [{ isPasswordSet: true }, true],
    [{ isPasswordSet: false }, false],
    // Missing: a new key is asked for, on both pages alike.
    [{ isPasswordSet: null }, false],
    [{}, false],
  ])('%j → %p', (response, expected) => {
    expect(passwordIsSet(response)).toBe(expected);
  });
});

import { operatorPasswordProblem } from './operatorPassword';

describe('operatorPasswordProblem', () => {
  it.each([
    ['', '', 'required'],
    ['elevenchars', 'elevenchars', 'tooShort'],
    ['twelve chars', 'twelve chars', undefined],
    ['🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑', '🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑', 'tooShort'],
    ['🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑', '🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑', undefined],
    ['x'.repeat(200), 'x'.repeat(200), undefined],
    ['x'.repeat(201), 'x'.repeat(201), 'tooLong'],
    ['twelve chars', 'twelve charz', 'mismatch'],
    ['correct horse battery staple', '', 'mismatch'],
  ])('%j repeated as %j: %s', (password, repeated, problem) => {
    expect(operatorPasswordProblem(password, repeated)).toBe(problem);
  });
});

import { hasNameEmailProblems, MAX_NAME_LENGTH, nameEmailProblems, normaliseNameEmail } from './nameEmail';

describe('nameEmailProblems (spec §5: the e-mail valid if blank or matching the standard pattern)', () => {
  it.each([
    ['both blank', '', ''],
    ['blank with spaces', '   ', '  '],
    ['a name, no e-mail', 'Anna Berg', ''],
    ['no name, an e-mail', '', 'anna@example.com'],
    ['both, with spaces around', '  Anna Berg ', ' anna@example.com '],
    ['an IP literal', 'Anna', 'anna@[192.0.2.1]'],
    ['a name of the longest length', 'x'.repeat(MAX_NAME_LENGTH), ''],
    ['a longest name with spaces around (trimmed first)', ` ${'x'.repeat(MAX_NAME_LENGTH)} `, ''],
    ['umlauts and an apostrophe', "Jörg O'Brien-Müller", 'jörg@example.de'],
  ])('%s: no problem', (_label, name, email) => {
    expect(nameEmailProblems(name, email)).toEqual({});
    expect(hasNameEmailProblems(nameEmailProblems(name, email))).toBe(false);
  });

  it.each([
    ['an e-mail without a domain', 'Anna', 'anna@', { email: 'invalid' }],
    ['an e-mail without @', 'Anna', 'anna.example.com', { email: 'invalid' }],
    ['an e-mail with a one-letter top level', 'Anna', 'anna@example.c', { email: 'invalid' }],
    ['two addresses', 'Anna', 'anna@example.com, bob@example.com', { email: 'invalid' }],
    ['a line break in the e-mail', 'Anna', 'anna@example.com\nBcc: x@example.com', { email: 'invalid' }],
    ['a name one character too long', 'x'.repeat(MAX_NAME_LENGTH + 1), '', { name: 'tooLong' }],
    ['both wrong', 'x'.repeat(MAX_NAME_LENGTH + 1), 'anna', { name: 'tooLong', email: 'invalid' }],
  ])('%s: %j', (_label, name, email, problems) => {
    expect(nameEmailProblems(name, email)).toEqual(problems);
    expect(hasNameEmailProblems(nameEmailProblems(name, email))).toBe(true);
  });
});

describe('normaliseNameEmail', () => {
  it('stores both without the white space around them, case as typed', () => {
    expect(normaliseNameEmail('  Anna Berg ', ' Anna@Example.com\t')).toEqual({ name: 'Anna Berg', email: 'Anna@Example.com' });
  });
});

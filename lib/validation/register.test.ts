import { isOptionalEmailValid, isRegisterDataValid } from './register';

describe('register data (spec §5)', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['rita.neu@example.com', true],
    [' rita@example.co.uk ', true],
    ['rita@[192.0.2.1]', true],
    ['rita@example', false],
    ['rita@example.c', false],
    ['rita example.com', false],
    ['@example.com', false],
    // The e-mail step's rule, not a looser one of its own: nothing a mail header could be bent with.
    ['rita..neu@example.com', false],
    ['rita,neu@example.com', false],
    ['"rita"@example.com', false],
    ['rita@[999.0.2.1]', false],
    [`${'r'.repeat(65)}@example.com`, false],
  ])('e-mail %j is acceptable: %s', (email, expected) => {
    expect(isOptionalEmailValid(email)).toBe(expected);
  });

  it.each([
    [{ firstName: '', lastName: 'Neu', emailAddress: '' }, true],
    [{ firstName: 'Rita', lastName: '  ', emailAddress: '' }, false],
    [{ firstName: 'Rita', lastName: 'Neu', emailAddress: 'kaputt' }, false],
  ])('%j is valid: %s', (form, expected) => {
    expect(isRegisterDataValid(form)).toBe(expected);
  });
});

import { isLastNameMissing, isOptionalEmailValid, isRegisterDataValid, mustEnterPersonalInfo } from './register';

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
    // personal info must be entered (an assessor not registered yet)
    [{ firstName: '', lastName: 'Neu', emailAddress: '' }, false, true],
    [{ firstName: 'Rita', lastName: '  ', emailAddress: '' }, false, false],
    [{ firstName: 'Rita', lastName: '', emailAddress: 'rita@example.com' }, false, false],
    [{ firstName: 'Rita', lastName: 'Neu', emailAddress: 'kaputt' }, false, false],
    // registered before: the data is on record, so the last name may stay empty; a given e-mail must still be one
    [{ firstName: 'Rita', lastName: '  ', emailAddress: '' }, true, true],
    [{ firstName: '', lastName: '', emailAddress: 'rita.registriert@example.org' }, true, true],
    [{ firstName: 'Rita', lastName: 'Registriert', emailAddress: 'kaputt' }, true, false],
  ])('%j, registered before: %s, is valid: %s', (form, isRegistered, expected) => {
    expect(isRegisterDataValid(form, mustEnterPersonalInfo(isRegistered))).toBe(expected);
    expect(isLastNameMissing(form, mustEnterPersonalInfo(isRegistered))).toBe(!isRegistered && form.lastName.trim() === '');
  });
});

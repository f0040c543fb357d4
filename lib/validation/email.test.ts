import { emailProblems, emailStep, isValidEmail } from './email';

describe('isValidEmail (spec §5: local part, @, a domain with a dot and a 2+ letter top level, or an IP literal)', () => {
  it.each([
    'anna@example.com',
    'anna.berg@mail.example.de',
    'a@b.co',
    'first.last+tag@sub-domain.example.org',
    'x_y-z@example.museum',
    "o'brien@example.ie",
    'jörg@example.de',
    'anna@[192.0.2.1]',
    'anna@[255.255.255.255]',
    'anna@[0.0.0.0]',
    'anna@[IPv6:2001:db8::1]',
    'anna@[IPv6:2001:0db8:0000:0000:0000:0000:0000:0001]',
    'anna@[ipv6:2001:DB8::A]',
    'anna@[IPv6:::1]',
    'anna@[IPv6:1::]',
    'anna@[IPv6:::]',
    'anna@[IPv6:::ffff:192.0.2.1]',
    'anna@[IPv6:1:2:3:4:5:6:192.0.2.1]',
    '  anna@example.com  ',
    'ANNA@EXAMPLE.COM',
    `${'a'.repeat(64)}@example.com`,
  ])('%j is an address', (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['no @', 'anna.example.com'],
    ['nothing before @', '@example.com'],
    ['no domain', 'anna@'],
    ['domain without a dot', 'anna@localhost'],
    ['one-letter top level', 'anna@example.c'],
    ['digits as top level', 'anna@example.123'],
    ['two @', 'anna@berg@example.com'],
    ['a space inside', 'anna berg@example.com'],
    ['a dot first', '.anna@example.com'],
    ['a dot last in the local part', 'anna.@example.com'],
    ['two dots in a row', 'anna..berg@example.com'],
    ['an empty domain label', 'anna@example..com'],
    ['a label starting with a hyphen', 'anna@-example.com'],
    ['a label ending with a hyphen', 'anna@example-.com'],
    ['an underscore in the domain', 'anna@ex_ample.com'],
    ['a quoted local part', '"anna berg"@example.com'],
    ['a display name', 'Anna <anna@example.com>'],
    ['two addresses', 'anna@example.com,eve@example.com'],
    ['two addresses with a semicolon', 'anna@example.com;eve@example.com'],
    ['a header after a line break', 'anna@example.com\r\nBcc: eve@example.com'],
    ['a line feed in the local part', 'anna\n@example.com'],
    ['a NUL character', 'anna\u0000@example.com'],
    ['a tab', 'an\tna@example.com'],
    ['an IP literal with an octet over 255', 'anna@[192.0.2.256]'],
    ['an IP literal with three octets', 'anna@[192.0.2]'],
    ['an IP without brackets', 'anna@192.0.2.1'],
    ['an IPv6 address without its tag', 'anna@[2001:db8::1]'],
    ['an IPv6 literal with two ::', 'anna@[IPv6:2001::db8::1]'],
    ['an IPv6 literal with nine groups', 'anna@[IPv6:1:2:3:4:5:6:7:8:9]'],
    ['an IPv6 literal with seven groups and no ::', 'anna@[IPv6:1:2:3:4:5:6:7]'],
    ['an IPv6 literal with eight groups and a ::', 'anna@[IPv6:1:2:3:4::5:6:7:8]'],
    ['an IPv6 group of five digits', 'anna@[IPv6:2001:db8::12345]'],
    ['an IPv6 group that is not hex', 'anna@[IPv6:2001:db8::g1]'],
    ['an IPv6 literal with an IPv4 tail and too many groups', 'anna@[IPv6:1:2:3:4:5:6:7:192.0.2.1]'],
    ['an IPv4 part that is not last', 'anna@[IPv6:192.0.2.1::1]'],
    ['an empty IPv6 literal', 'anna@[IPv6:]'],
    ['an IPv6 literal without brackets', 'anna@IPv6:2001:db8::1'],
    ['a single colon before the first group (the tag, then :1)', 'anna@[IPv6::1]'],
    ['a single colon after the last group', 'anna@[IPv6:2001:db8::1:]'],
    ['a local part over 64 characters', `${'a'.repeat(65)}@example.com`],
    ['over 254 characters', `anna@${'a'.repeat(250)}.com`],
  ])('%s (%j) is not', (_label, address) => {
    expect(isValidEmail(address)).toBe(false);
  });
});

describe('emailProblems: the messages of spec §5, per field', () => {
  it.each([
    ['both right and equal', 'anna@example.com', 'anna@example.com', {}],
    ['equal apart from surrounding spaces', ' anna@example.com', 'anna@example.com ', {}],
    ['both blank', '', '', { email: 'SendAccessCodeEmailError', confirmation: 'SendAccessCodeConfirmEmailError' }],
    ['address invalid, confirmation blank', 'anna@', '', { email: 'SendAccessCodeEmailError', confirmation: 'SendAccessCodeConfirmEmailError' }],
    ['address right, confirmation blank', 'anna@example.com', '', { confirmation: 'SendAccessCodeConfirmEmailError' }],
    ['address right, confirmation invalid', 'anna@example.com', 'anna@example', { confirmation: 'SendAccessCodeConfirmEmailError' }],
    ['both addresses, but different', 'anna@example.com', 'anne@example.com', { confirmation: 'SendAccessCodeConfirmEmailRepeatError' }],
    ['differing in letter case', 'anna@example.com', 'Anna@example.com', { confirmation: 'SendAccessCodeConfirmEmailRepeatError' }],
    ['address invalid, confirmation valid', 'anna@example', 'anna@example.com', { email: 'SendAccessCodeEmailError', confirmation: 'SendAccessCodeConfirmEmailRepeatError' }],
  ])('%s', (_label, email, confirmation, expected) => {
    expect(emailProblems(email, confirmation)).toEqual(expected);
  });
});

describe('emailStep: what the e-mail step does (spec §4: a blank e-mail skips the call; §5: both fields required)', () => {
  it.each([
    ['sending off: the call is skipped, whatever is in the fields', false, 'anna@example.com', 'x', { kind: 'skip' }],
    ['sending off, fields blank', false, '', '', { kind: 'skip' }],
    ['sending on, a valid pair: sent, trimmed', true, ' anna@example.com ', 'anna@example.com', { kind: 'send', email: 'anna@example.com' }],
    [
      'sending on, both blank: required, not a skip',
      true,
      '',
      '',
      { kind: 'invalid', problems: { email: 'SendAccessCodeEmailError', confirmation: 'SendAccessCodeConfirmEmailError' } },
    ],
    ['sending on, a mismatch', true, 'anna@example.com', 'anne@example.com', { kind: 'invalid', problems: { confirmation: 'SendAccessCodeConfirmEmailRepeatError' } }],
  ])('%s', (_label, sending, email, confirmation, expected) => {
    expect(emailStep(sending, email, confirmation)).toEqual(expected);
  });
});

import { LANGUAGES } from '@/lib/api/languages';
import { centsOfPaypalValue, formatPrice, isPriceAmount, MAX_PRICE_CENTS, paypalAmount, portalPrice, priceCents } from './price';

describe('portalPrice (spec §9: 2 decimals, a comma, suffixed EUR; payment currency EUR)', () => {
  it.each([
    ['the spec example', 345.67, 34567, '345,67 EUR', '345.67'],
    ['a whole number gets two decimals', 12, 1200, '12,00 EUR', '12.00'],
    ['one decimal gets a trailing zero', 100.1, 10010, '100,10 EUR', '100.10'],
    ['one cent', 0.01, 1, '0,01 EUR', '0.01'],
    ['less than one euro', 0.5, 50, '0,50 EUR', '0.50'],
    ['cents below ten keep their zero', 5.07, 507, '5,07 EUR', '5.07'],
    ['1000: no thousands separator', 1000, 100000, '1000,00 EUR', '1000.00'],
    ['1234.56: no thousands separator', 1234.56, 123456, '1234,56 EUR', '1234.56'],
    ['a million', 1_000_000, 100000000, '1000000,00 EUR', '1000000.00'],
    ['the largest price (15 digits)', 9999999999999.99, MAX_PRICE_CENTS, '9999999999999,99 EUR', '9999999999999.99'],
    // Float traps: each of these is a two-decimal amount whose float times 100 is not a whole
    // number (4.35 * 100 = 434.99999999999994); a Math.floor or a truncation would be a cent off.
    ['4.35 (times 100 is 434.999…)', 4.35, 435, '4,35 EUR', '4.35'],
    ['1.15 (times 100 is 114.999…)', 1.15, 115, '1,15 EUR', '1.15'],
    ['0.07 (times 100 is 7.000…1)', 0.07, 7, '0,07 EUR', '0.07'],
    ['19.99 * 3 happens to be 59.97 exactly', 19.99 * 3, 5997, '59,97 EUR', '59.97'],
    ['a price read from JSON', JSON.parse('{"productPrice": 345.67}').productPrice, 34567, '345,67 EUR', '345.67'],
    ['a price written with a trailing zero in JSON', JSON.parse('{"p": 99.90}').p, 9990, '99,90 EUR', '99.90'],
  ])('%s: %p', (_label, value, cents, text, amount) => {
    expect(priceCents(value)).toBe(cents);
    expect(portalPrice(value)).toEqual({ cents, text, amount: { currency_code: 'EUR', value: amount } });
  });

  it.each([
    ['missing (undefined)', undefined],
    ['missing (null)', null],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['negative', -345.67],
    ['negative one cent', -0.01],
    ['zero (PayPal refuses a zero amount)', 0],
    ['negative zero', -0],
    ['three decimals: refused, not rounded', 345.675],
    ['1.005 (toFixed(2) would say 1.00)', 1.005],
    ['2.675 (toFixed(2) would say 2.67)', 2.675],
    ['half a cent', 0.005],
    ['0.1 + 0.2 (0.30000000000000004): refused, not shown as 0,30', 0.1 + 0.2],
    ['0.7 + 0.1 (0.7999999999999999)', 0.7 + 0.1],
    ['0.29 * 100 (28.999999999999996)', 0.29 * 100],
    ['1.1 * 3 (3.3000000000000003)', 1.1 * 3],
    ['a tiny number written with an exponent', 1e-7],
    ['a huge number written with an exponent', 1e21],
    ['one cent above the largest price', 10000000000000],
    ['above 2^53 cents', 90071992547409.91],
    ['a numeric string (the contract says number)', '345.67'],
    ['a string with a comma', '345,67'],
    ['a boolean', true],
    ['an object', { value: 345.67 }],
    ['a bigint', BigInt(34567)],
  ])('%s is no price', (_label, value) => {
    expect(priceCents(value)).toBeUndefined();
    expect(portalPrice(value)).toBeUndefined();
    expect(paypalAmount(value)).toBeUndefined();
    for (const language of LANGUAGES) expect(formatPrice(value, language)).toBeUndefined();
  });

  it('the display and the payment come from the same cents', () => {
    for (const value of [0.01, 0.07, 1.15, 4.35, 12, 100.1, 345.67, 1234.56, 9999999999999.99]) {
      const price = portalPrice(value)!;
      expect(price.text).toBe(`${price.amount.value.replace('.', ',')} EUR`);
      expect(centsOfPaypalValue(price.amount.value)).toBe(price.cents);
    }
  });
});

describe('formatPrice in every language (the comma and EUR hold in all five, spec §9)', () => {
  it.each(LANGUAGES.flatMap((language) => [
    [language, 345.67, '345,67 EUR'],
    [language, 1000, '1000,00 EUR'],
    [language, 1234.5, '1234,50 EUR'],
    [language, 0.01, '0,01 EUR'],
  ] as const))('%s: %p is %j', (language, value, text) => {
    expect(formatPrice(value, language)).toBe(text);
  });

  it.each(LANGUAGES)('%s: never the 345.67 placeholder, never a dot', (language) => {
    expect(formatPrice(345.67, language)).not.toContain('.');
    expect(formatPrice(undefined, language)).toBeUndefined();
  });
});

describe('paypalAmount (the Orders API amount: a dot, two decimals, currency EUR)', () => {
  it.each([
    [345.67, { currency_code: 'EUR', value: '345.67' }],
    [12, { currency_code: 'EUR', value: '12.00' }],
    [4.35, { currency_code: 'EUR', value: '4.35' }],
    [1234.56, { currency_code: 'EUR', value: '1234.56' }],
  ])('%p is %j', (value, amount) => {
    expect(paypalAmount(value)).toEqual(amount);
  });
});

describe('centsOfPaypalValue (an amount value as PayPal writes it)', () => {
  it.each([
    ['345.67', 34567],
    ['345.6', 34560],
    ['345', 34500],
    ['0.01', 1],
    ['0.00', 0],
    ['0345.67', 34567],
    ['9999999999999.99', MAX_PRICE_CENTS],
  ])('%j is %p cents', (value, cents) => {
    expect(centsOfPaypalValue(value)).toBe(cents);
  });

  it.each([
    ['three decimals', '345.675'],
    ['a comma', '345,67'],
    ['negative', '-345.67'],
    ['a plus sign', '+345.67'],
    ['an exponent', '3.4567e2'],
    ['white space', ' 345.67'],
    ['a dot and nothing after', '345.'],
    ['nothing before the dot', '.67'],
    ['empty', ''],
    ['above the largest price', '10000000000000.00'],
    ['a number, not a string', 345.67],
    ['missing', undefined],
  ])('%s (%j) is refused', (_label, value) => {
    expect(centsOfPaypalValue(value)).toBeUndefined();
  });
});

describe('isPriceAmount (the server records a payment only for exactly the stored price in EUR)', () => {
  it.each([
    ['the same amount', { currency_code: 'EUR', value: '345.67' }, 345.67, true],
    ['the same amount with one decimal', { currency_code: 'EUR', value: '100.1' }, 100.1, true],
    ['a whole-euro price', { currency_code: 'EUR', value: '12.00' }, 12, true],
    ['a float-trap price that is still two decimals', { currency_code: 'EUR', value: '4.35' }, 4.35, true],
    ['one cent less', { currency_code: 'EUR', value: '345.66' }, 345.67, false],
    ['one cent more', { currency_code: 'EUR', value: '345.68' }, 345.67, false],
    ['the same figure in USD', { currency_code: 'USD', value: '345.67' }, 345.67, false],
    ['the currency in lower case', { currency_code: 'eur', value: '345.67' }, 345.67, false],
    ['no currency', { value: '345.67' }, 345.67, false],
    ['a number instead of a string', { currency_code: 'EUR', value: 345.67 }, 345.67, false],
    ['zero paid for a price', { currency_code: 'EUR', value: '0.00' }, 345.67, false],
    ['a stored price that is no price', { currency_code: 'EUR', value: '0.30' }, 0.1 + 0.2, false],
    ['a stored zero price', { currency_code: 'EUR', value: '0.00' }, 0, false],
    ['no stored price', { currency_code: 'EUR', value: '345.67' }, undefined, false],
    ['no amount', undefined, 345.67, false],
    ['a null amount', null, 345.67, false],
  ])('%s: %p', (_label, amount, price, expected) => {
    expect(isPriceAmount(amount, price)).toBe(expected);
  });
});

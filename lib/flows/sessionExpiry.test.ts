import { localExpiry } from './sessionExpiry';

describe('the expiry cookie in the browser clock', () => {
  it.each([
    ['no cookie', undefined, 0, undefined],
    ['empty', '', 0, undefined],
    ['not a number', 'soon', 0, undefined],
    ['a time', '1800000000000', 0, 1_800_000_000_000],
    ['a browser clock 5 s behind the server', '1800000000000', 5000, 1_799_999_995_000],
    ['a browser clock 5 s ahead', '1800000000000', -5000, 1_800_000_005_000],
  ] as const)('%s', (_name, value, offset, expiry) => {
    expect(localExpiry(value, offset)).toBe(expiry);
  });
});

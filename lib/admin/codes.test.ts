import { ACCESS_CODE_LENGTH, CODE_ALPHABET, IDENT_CODE_LENGTH, newAccessCode, newIdentCode, randomCode } from './codes';

describe('codes for participants', () => {
  it.each(['0', 'O', '1', 'I', 'L', 'l', 'o', 'i'])('never contain the look-alike %s', (lookAlike) => {
    expect(CODE_ALPHABET).not.toContain(lookAlike);
    const many = Array.from({ length: 200 }, newAccessCode).join('');
    expect(many).not.toContain(lookAlike);
  });

  it('have their lengths and only characters of the alphabet', () => {
    expect(newIdentCode()).toMatch(new RegExp(`^[${CODE_ALPHABET}]{${IDENT_CODE_LENGTH}}$`));
    expect(newAccessCode()).toMatch(new RegExp(`^[${CODE_ALPHABET}]{${ACCESS_CODE_LENGTH}}$`));
  });

  it('use every character of the alphabet, none far more often than the others', () => {
    const counts = new Map<string, number>();
    for (const char of randomCode(31_000)) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(CODE_ALPHABET.length);
    // 1000 expected each; a biased generator (e.g. modulo of a byte) would stray far beyond this.
    for (const n of counts.values()) expect(Math.abs(n - 1000)).toBeLessThan(200);
  });

  it('do not repeat', () => {
    const codes = new Set(Array.from({ length: 5000 }, newIdentCode));
    expect(codes.size).toBe(5000);
  });
});

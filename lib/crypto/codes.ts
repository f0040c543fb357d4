import crypto from 'node:crypto';

/**
 * Capital letters and digits without look-alikes (no 0/O, 1/I/L): read aloud, typed from paper or
 * copied from a printed list, a code cannot be mistyped into another character of the alphabet.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 31^9 ≈ 2.6·10^13 ident codes, within the 8 or 9 characters ident codes have (handlers/identcode.ts): far beyond guessing at the ident-code limit. */
export const IDENT_CODE_LENGTH = 9;
/** 31^12 ≈ 2^59 access codes, checked against a slow hash and a per-assessment limit. */
export const ACCESS_CODE_LENGTH = 12;

/** A code from the operating system's CSPRNG, each character uniformly chosen (no modulo bias). */
export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)];
  return code;
}

export const newIdentCode = () => randomCode(IDENT_CODE_LENGTH);
export const newAccessCode = () => randomCode(ACCESS_CODE_LENGTH);

/**
 * A group participant's personal access code: shaped like an ident code (9 characters), because
 * coming back is the ident-code flow (/home/{accessCode}, then the personal key on /accesscode).
 */
export const newPersonalAccessCode = () => randomCode(IDENT_CODE_LENGTH);

import { normaliseCode } from './code';

/**
 * The shape of a group code: 6 to 16 letters and digits, any case. A whole group shares one code
 * (on a board, in an invitation), so it is typed, and it is compared without regard to case. The
 * demo codes have 8 characters; `groupcode create` should hand out random ones of 10 from the code
 * alphabet (lib/crypto/codes.ts), 31^10 ≈ 8·10^14, beyond guessing at the per-address limit.
 */
export const GROUP_CODE_MIN_LENGTH = 6;
export const GROUP_CODE_MAX_LENGTH = 16;
export const GROUP_CODE_PATTERN = /^[A-Za-z0-9]{6,16}$/;

/** What is wrong with a typed group code, after its whitespace is removed (spec §5); 'ok' when nothing is. */
export type GroupCodeShape = 'empty' | 'length' | 'characters' | 'ok';

export function groupCodeShape(typed: string): GroupCodeShape {
  const code = normaliseCode(typed);
  if (!code) return 'empty';
  if (code.length < GROUP_CODE_MIN_LENGTH || code.length > GROUP_CODE_MAX_LENGTH) return 'length';
  return GROUP_CODE_PATTERN.test(code) ? 'ok' : 'characters';
}

/**
 * An operator's console password: at least 12 characters (NIST SP 800-63B's advice for a password
 * that guards more than one person's data), at most 200 so that hashing one costs the server a
 * bounded time. No composition rules: length is what makes a password strong, and a password
 * manager's is welcome (paste is allowed).
 */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;
export const OPERATOR_PASSWORD_MAX_LENGTH = 200;

export type OperatorPasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'mismatch';

/** The first problem of a new password and its repetition, or undefined when it may be set. */
export function operatorPasswordProblem(password: string, repeated: string): OperatorPasswordProblem | undefined {
  if (password.length === 0) return 'required';
  // Characters as a person counts them: an emoji is one.
  const length = [...password].length;
  if (length < OPERATOR_PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > OPERATOR_PASSWORD_MAX_LENGTH) return 'tooLong';
  if (password !== repeated) return 'mismatch';
  return undefined;
}

/** Minimum key lengths (spec §9): 5 on /accesspassword and /register (trimmed), 6 on group personal info. */
export const MIN_KEY_LENGTH_ACCESS = 5;
export const MIN_KEY_LENGTH_GROUP = 6;

/** 1 = keep the existing key, 2 = set or change it (spec §4). */
export const KeyChoice = { Keep: 1, Set: 2 } as const;
export type KeyChoice = (typeof KeyChoice)[keyof typeof KeyChoice];

export type KeyProblem = 'tooShort' | 'notConfirmed';

/**
 * The key rules of /accesspassword and /register (spec §5): when setting a key, the trimmed key
 * needs the minimum length and must equal the confirmation. Keeping the key skips both checks.
 */
export function personalKeyProblems(choice: KeyChoice, key: string, confirmation: string, minLength = MIN_KEY_LENGTH_ACCESS): KeyProblem[] {
  if (choice === KeyChoice.Keep) return [];
  const problems: KeyProblem[] = [];
  if (key.trim().length < minLength) problems.push('tooShort');
  if (key.trim() !== confirmation.trim()) problems.push('notConfirmed');
  return problems;
}

export type SaveProblem = KeyProblem | 'privacyMissing';

/**
 * Everything that keeps /accesspassword from saving, in the order its error modal lists them
 * (AccesskeyValid, ConfirmAccesskeyValid, PrivacyRequired): a press on save explains, whatever
 * the state of the button (spec §5 asks for both key messages in the error modal).
 */
export function accessPasswordProblems(choice: KeyChoice, key: string, confirmation: string, privacyAccepted: boolean): SaveProblem[] {
  const problems: SaveProblem[] = personalKeyProblems(choice, key, confirmation);
  if (!privacyAccepted) problems.push('privacyMissing');
  return problems;
}

/**
 * Whether the save button reads as enabled: privacy ticked, and — when setting a key — both keys
 * entered and equal (spec §5). Where it reads as disabled it still explains when pressed (see
 * accessPasswordProblems): a silently dead button would leave the participant guessing.
 */
export function canSaveKey(choice: KeyChoice, key: string, confirmation: string, privacyAccepted: boolean): boolean {
  if (!privacyAccepted) return false;
  if (choice === KeyChoice.Keep) return true;
  return key.trim().length > 0 && key.trim() === confirmation.trim();
}

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
 * Everything that keeps a key form from saving, in the order its error modal lists them
 * (AccesskeyValid, ConfirmAccesskeyValid, PrivacyRequired): a press on save explains, whatever
 * the state of the button (spec §5 asks for both key messages in the error modal).
 */
export function keySaveProblems(choice: KeyChoice, key: string, confirmation: string, privacyAccepted: boolean, minLength = MIN_KEY_LENGTH_ACCESS): SaveProblem[] {
  const problems: SaveProblem[] = personalKeyProblems(choice, key, confirmation, minLength);
  if (!privacyAccepted) problems.push('privacyMissing');
  return problems;
}

/**
 * Whether the save button reads as enabled (spec §5): privacy ticked, and — when setting a key —
 * the key acceptable. On /accesspassword "acceptable" is entered and equal to its confirmation
 * (minKeyLength 1: the 5-character rule is explained when pressed); on the group personal-info
 * pages it is at least 6 characters and equal (minKeyLength 6). Where it reads as disabled it still
 * explains when pressed (see keySaveProblems): a silently dead button would leave the participant
 * guessing.
 */
export function canSaveKey(choice: KeyChoice, key: string, confirmation: string, privacyAccepted: boolean, minKeyLength = 1): boolean {
  if (!privacyAccepted) return false;
  if (choice === KeyChoice.Keep) return true;
  return key.trim().length >= Math.max(1, minKeyLength) && key.trim() === confirmation.trim();
}

/** What the browser sent for the key: '' to keep the current one (spec §5), else the decrypted key. */
export type SubmittedKey = { keep: true } | { plain: string };

export type SubmittedKeyDecision = { kind: 'keep' } | { kind: 'set'; key: string } | { kind: 'refused'; problem: 'nothingToKeep' | 'tooShort' };

/**
 * The upstream's rule for a key that arrives (spec §5, §9): keeping is possible only where a key
 * exists; a new key is used trimmed and needs the minimum length. The browser checks the same, so
 * a refusal means a request the page would not have sent.
 */
export function decideSubmittedKey(sent: SubmittedKey, hasKey: boolean, minLength: number): SubmittedKeyDecision {
  if ('keep' in sent) return hasKey ? { kind: 'keep' } : { kind: 'refused', problem: 'nothingToKeep' };
  const key = sent.plain.trim();
  if (key.length < minLength) return { kind: 'refused', problem: 'tooShort' };
  return { kind: 'set', key };
}

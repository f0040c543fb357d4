/**
 * Whether the participant has a personal key to keep (spec §2: with none, the mode is forced to
 * 'set new' and the keep option is hidden). /accesspassword and /register read it the same way.
 *
 * A missing isPasswordSet counts as 'no key': offering 'keep' for a key that may not exist could
 * leave the participant with no key at all, while asking for a new one is always safe (the upstream
 * stores it, and the participant knows the key they just chose).
 */
export function passwordIsSet(response: { isPasswordSet?: boolean | null }): boolean {
  return response.isPasswordSet === true;
}

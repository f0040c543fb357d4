import { StatusCode } from '@/lib/api/codes';

export type KeySavedOutcome = { kind: 'go'; to: '/questionnairemanual' } | { kind: 'saveFailed' };

/**
 * After /register or /accesspassword saved the personal key (spec §4 Register, Access password):
 * an Ok answer whose token is logged in goes on to the manual; anything else was not saved, and
 * the form says so where the participant is.
 */
export function routeAfterKeySaved(response: { statusCode: number }, claims: { isLoggedIn?: boolean | null } | undefined): KeySavedOutcome {
  if (response.statusCode === StatusCode.Ok && claims?.isLoggedIn === true) return { kind: 'go', to: '/questionnairemanual' };
  return { kind: 'saveFailed' };
}

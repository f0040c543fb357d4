import { StatusCode } from '@/lib/api/codes';
import { modal, type GoTo, type ModalMessage } from './outcome';

/**
 * After /register or /accesspassword saved the personal key (spec §4 Register, Access password):
 * an Ok answer whose token is logged in goes on to the manual; anything else was not saved, and
 * the form says so where the participant is.
 */
export function routeAfterKeySaved(response: { statusCode: number }, claims: { isLoggedIn?: boolean | null } | undefined): GoTo<'/questionnairemanual'> | ModalMessage<'saveFailed'> {
  if (response.statusCode === StatusCode.Ok && claims?.isLoggedIn === true) return { kind: 'go', to: '/questionnairemanual' };
  return modal('saveFailed');
}

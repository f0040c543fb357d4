import { StatusCode } from '@/lib/api/codes';
import type { GroupVariantRow } from './groupVariants';
import { modal, type GoTo, type ModalMessage } from './outcome';

/**
 * After a group flow's personal-info page saved (spec §4 "Personal info"): an Ok answer whose token
 * is logged in goes to the variant's e-mail step when a key was set there (the participant's access
 * code and new key are worth sending), and to the variant's manual when the key was kept (or the
 * variant has no e-mail step). Any other outcome was not saved: the common error display of spec §8,
 * where the participant is, with everything typed still on the page.
 */
export function routeAfterPersonalInfo(
  variant: Pick<GroupVariantRow, 'routes'>,
  response: { statusCode: number },
  claims: { isLoggedIn?: boolean | null } | undefined,
  keySet: boolean,
): GoTo | ModalMessage<'saveFailed'> {
  if (response.statusCode !== StatusCode.Ok || claims?.isLoggedIn !== true) return modal('saveFailed');
  const { email, manual } = variant.routes;
  return { kind: 'go', to: keySet && email ? email : manual };
}

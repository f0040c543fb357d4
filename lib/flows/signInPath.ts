import type { CallPath } from '@/lib/api/catalogue';
import { isSignInPath } from '@/lib/session/data';
import { GROUP_VARIANTS, groupVariant } from './groupVariants';

/**
 * Where a participant signs in again once their session has ended: the ident code's deep link
 * (/home/{code}), or their group flow's entry, with the group code where it travels in the clear
 * (an encrypted one is typed again). Undefined for any other call, or a code that is no path part.
 */
export function signInPathAfter(path: CallPath, request: Record<string, unknown>): string | undefined {
  if (path === 'submit/kodekodex/identcode') return checked(`/home/${String(request.assessmentIdentCode ?? '')}`);
  const variant = GROUP_VARIANTS.find((name) => groupVariant(name).calls.login === path);
  if (!variant) return undefined;
  const { routes, encryptsCode } = groupVariant(variant);
  const code = typeof request.groupcode === 'string' ? request.groupcode : '';
  return (!encryptsCode && checked(`${routes.entry}/${code}`)) || routes.entry;
}

function checked(candidate: string): string | undefined {
  return isSignInPath(candidate) ? candidate : undefined;
}

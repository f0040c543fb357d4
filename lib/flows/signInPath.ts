import type { CallPath } from '@/lib/api/catalogue';
import { GROUP_VARIANTS, groupVariant, variantOfLogin } from './groupVariants';

const SIGN_IN_ENTRIES = ['home', ...GROUP_VARIANTS.map((variant) => groupVariant(variant).routes.entry.slice(1))];
const SIGN_IN_PATH = new RegExp(`^/(${SIGN_IN_ENTRIES.join('|')})(/[A-Za-z0-9_-]{1,64})?$`);

/** A path the timeout dialog may send to: one of the sign-in entries, with at most a code after it. */
export function isSignInPath(value: unknown): value is string {
  return typeof value === 'string' && SIGN_IN_PATH.test(value);
}

/**
 * Where a participant signs in again once their session has ended: the ident code's deep link
 * (/home/{code}), or their group flow's entry, with the group code where it travels in the clear
 * (an encrypted one is typed again). Undefined for any other call, or a code that is no path part.
 */
export function signInPathAfter(path: CallPath, request: Record<string, unknown>): string | undefined {
  if (path === 'submit/kodekodex/identcode') return checked(`/home/${String(request.assessmentIdentCode ?? '')}`);
  const variant = variantOfLogin(path);
  if (!variant) return undefined;
  const { routes, encryptsCode } = groupVariant(variant);
  const code = typeof request.groupcode === 'string' ? request.groupcode : '';
  return (!encryptsCode && checked(`${routes.entry}/${code}`)) || routes.entry;
}

function checked(candidate: string): string | undefined {
  return isSignInPath(candidate) ? candidate : undefined;
}

const HOME = /^\/home\/([A-Za-z0-9_-]{1,64})$/;

/**
 * The ident code a participant signed in with (a returning group participant's personal access
 * code), read from their sign-in path: the username a password manager files their access code or
 * key under on the pages that follow (components/form/KnownUsername.tsx). Undefined after a group
 * login, whose pages have no ident code.
 */
export function identCodeOf(signInPath: string | undefined): string | undefined {
  return signInPath?.match(HOME)?.[1];
}

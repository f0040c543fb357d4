import { ExtraDetailCode, StatusCode } from '@/lib/api/codes';
import { groupVariant, type GroupVariant } from './groupVariants';

/**
 * Consent before content (SECURITY.md): the embedded API refuses a group participant's calls beyond
 * the personal-info page until they saved it (TokenInvalid with detail PersonalInfoFirst). That is
 * no error of theirs, only a step skipped (a typed address, an old bookmark): the page that got the
 * refusal sends them to their variant's personal-info page instead of the error page. Without a
 * known variant (a session that did not log in through a group code) the refusal is an error as usual.
 */
export function routeForPersonalInfoFirst(answer: { statusCode: number; detailCode?: number | null }, variant: GroupVariant | undefined): string | undefined {
  if (answer.statusCode !== StatusCode.TokenInvalid || answer.detailCode !== ExtraDetailCode.PersonalInfoFirst || !variant) return undefined;
  return groupVariant(variant).routes.personal;
}

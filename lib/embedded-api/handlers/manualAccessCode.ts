import { StatusCode } from '@/lib/api/codes';
import { groupVariant } from '@/lib/flows/groupVariants';
import type { ApiAnswer, ApiContext } from '../context';
import { holderOf, isRefused } from '../authority';
import { memberOfAssessment } from '../groups/store';

/** The page-info category of /questionnairemanual (components/manual/ManualScreen). */
export const MANUAL_CATEGORY = 'questionnairemanual';

/**
 * The manual's page info adds the participant's personal access code for a group participant whose
 * variant has no e-mail step (ra): the manual is the first page after their personal info, and the
 * code is how they come back (README, "Coming back"). Only for a logged-in holder who saved
 * personal info with a key (without one the code opens nothing, so it need not travel); anyone
 * else gets the answer as it was.
 */
export async function withManualAccessCode(answer: ApiAnswer, body: { category?: string; token?: string }, ctx: ApiContext): Promise<ApiAnswer> {
  if (body.category !== MANUAL_CATEGORY || answer.statusCode !== StatusCode.Ok || !body.token) return answer;
  const holder = await holderOf(body.token, ctx, 'loggedIn');
  if (isRefused(holder) || holder.row.group_member_id === null || holder.row.key_hash === null) return answer;
  const found = await memberOfAssessment(ctx.db, holder.row.assessment_id);
  if (!found || groupVariant(found.group.variant).calls.sendAccessCode) return answer;
  return { ...answer, accessCode: found.member.access_code };
}

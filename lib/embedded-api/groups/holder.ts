import type { GroupVariant } from '@/lib/flows/groupVariants';
import type { ApiContext } from '../context';
import { holderOf, isRefused, Refusal, type Holder, type Need, type Refused } from '../authority';
import { memberOfAssessment, type GroupCodeRow, type GroupMemberRow } from './store';

export type MemberHolder = Holder & { member: GroupMemberRow; group: GroupCodeRow };

/**
 * The one check of the group flows' calls: a logged-in holder whose token speaks for a participant
 * of a group code of this variant. Anyone else is refused alike (not logged in, a participant of
 * another variant, or an ident-code participant, who has no group code at all), with nothing about
 * the participant in the refusal. need 'loggedIn' (every page after personal info) also wants the
 * personal-info page saved (authority.ts, consent before content); 'personalInfo' is that page's own.
 */
export async function groupMemberHolder(
  token: string | undefined,
  ctx: ApiContext,
  variant: GroupVariant,
  need: Extract<Need, 'loggedIn' | 'personalInfo'> = 'loggedIn',
): Promise<MemberHolder | Refused> {
  const holder = await holderOf(token, ctx, need);
  if (isRefused(holder)) return holder;
  if (holder.row.group_member_id === null) return { refusal: Refusal.notAllowed };
  const found = await memberOfAssessment(ctx.db, holder.row.assessment_id);
  if (!found || found.group.variant !== variant) return { refusal: Refusal.notAllowed };
  return { ...holder, ...found };
}

import type { GroupVariant } from '@/lib/flows/groupVariants';
import type { ApiContext } from '../context';
import { holderOf, isRefused, Refusal, type Holder, type Refused } from '../authority';
import { memberOfAssessment, type GroupCodeRow, type GroupMemberRow } from './store';

export type MemberHolder = Holder & { member: GroupMemberRow; group: GroupCodeRow };

/**
 * A logged-in holder whose token speaks for a participant of a group code of this variant: the
 * group flows' pages after the group login ask here first. Anyone else is refused alike (not
 * logged in, a participant of another variant, or an ident-code participant, who has no group
 * code at all), with nothing about the participant in the refusal.
 */
export async function groupMemberHolder(token: string | undefined, ctx: ApiContext, variant: GroupVariant): Promise<MemberHolder | Refused> {
  const holder = await holderOf(token, ctx, 'loggedIn');
  if (isRefused(holder)) return holder;
  if (holder.row.group_member_id === null) return { refusal: Refusal.notAllowed };
  const found = await memberOfAssessment(ctx.db, holder.row.assessment_id);
  if (!found || found.group.variant !== variant) return { refusal: Refusal.notAllowed };
  return { ...holder, ...found };
}

import type { Sql } from './db/database';
import { issuedAtMs, revokeToken, type TokenPayload } from './tokens';

/**
 * A participant's tokens end together. Sign-out, a key change and finishing set the assessor's
 * tokens_valid_after; every token of that participant issued before it is refused wherever a
 * token is read for an assessment (authority.ts), whichever copy of it someone kept: the one taken
 * before a page-turn renewal, another tab's, a cookie left on a shared computer. The token a call
 * answers with is issued at the same moment and so stays valid (issued at or after the time).
 *
 * The participant is the assessor: the personal key is theirs, and a group participant has an
 * assessor of their own across all their questionnaires. Times are the instances' clocks in
 * milliseconds; instances must keep them in step (NTP), else a token issued by one lagging behind
 * another's sign-out would be refused as earlier.
 */

/** From now on, tokens of this participant issued earlier are refused; a later time already set stays. */
export async function endEarlierTokens(sql: Sql, assessorId: number, now: number): Promise<void> {
  await sql.query('update assessor set tokens_valid_after = greatest(coalesce(tokens_valid_after, $2::timestamptz), $2::timestamptz) where id = $1', [
    assessorId,
    new Date(now),
  ]);
}

/** Whether the token was issued before its participant's tokens were ended. */
export function issuedBeforeEnd(payload: TokenPayload, tokensValidAfter: Date | null): boolean {
  return tokensValidAfter !== null && issuedAtMs(payload) < new Date(tokensValidAfter).getTime();
}

/**
 * Sign-out: the token itself and every earlier one of its participant. A token that is itself
 * earlier than the participant's last end signs nothing out: whoever kept an old copy cannot end
 * the tokens of the participant's current browser with it.
 */
export async function signOutParticipant(sql: Sql, payload: TokenPayload, now: number): Promise<void> {
  await revokeToken(payload, sql, 'signout', now);
  if (typeof payload.assessment !== 'number') return;
  await sql.query(
    `update assessor set tokens_valid_after = greatest(coalesce(tokens_valid_after, $2::timestamptz), $2::timestamptz)
      where id = (select assessor_id from assessment where id = $1)
        and (tokens_valid_after is null or tokens_valid_after <= $3::timestamptz)`,
    [payload.assessment, new Date(now), new Date(issuedAtMs(payload))],
  );
}

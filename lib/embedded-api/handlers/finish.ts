import { DetailCode, StatusCode } from '@/lib/api/codes';
import type { ApiAnswer, ApiContext } from '../context';
import { holderOf, isRefused, Refusal } from '../authority';
import type { Sql } from '../db/database';
import { hasAnswers, nextAssessment } from '../groups/selection';
import { memberOfAssessment } from '../groups/store';
import { isComplete } from '../questionnaires/engine';
import { definitionOfAssessment } from '../questionnaires/store';
import { endEarlierTokens } from '../participantTokens';
import { issueToken, revokeToken, type TokenPayload } from '../tokens';
import { savedValues } from './questionnaire';

const finished: ApiAnswer = { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, logout: true };

/** How long after finishing the token that finished may retry (once): its answer was lost on the way. */
const RETRY_SECONDS = 60;

/**
 * submit/finishassessment: only a completely answered questionnaire finishes (by its saved answers:
 * drafts never count, and finishing deletes them), and finishing revokes the token that did it and
 * ends every earlier token of the participant (participantTokens.ts): the cookie left behind reads nothing and changes nothing. That token's
 * retry (its answer was lost on the way) answers like the first time, once and within a minute;
 * any other token of the finished assessment is refused like every other call
 * (AssessmentAlreadyFinished).
 *
 * A group participant with questionnaires still to choose (spec §4) is not logged out: the answer
 * has logout false and a token for their next assessment (./groups/selection.ts), with which the
 * selection page loads. The last one logs out.
 */
export async function finishAssessment(body: { token?: string }, ctx: ApiContext): Promise<ApiAnswer> {
  const holder = await holderOf(body.token, ctx, 'loggedIn');
  if (isRefused(holder)) return holder.revokedFor === 'finished' ? retryAnswer(body.token!, ctx) : holder.refusal;
  const { row, payload } = holder;
  const bound = await definitionOfAssessment(ctx.db, row.assessment_id);
  if (!bound) return { statusCode: StatusCode.NoRecordset, detailCode: DetailCode.NoExists };
  if (!isComplete(bound.definition, await savedValues(ctx.db, row.assessment_id))) {
    return { statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.NoDetails, errorInfo: 'not every question is answered' };
  }
  const answer = await ctx.db.transaction(async (tx) => {
    const updated = await tx.query('update assessment set finished_at = now() where id = $1 and finished_at is null returning id', [row.assessment_id]);
    if (updated.length === 0) return undefined;
    // Drafts are personal data with no use once the assessment is finished (they never counted).
    await tx.query('delete from answer_draft where assessment_id = $1', [row.assessment_id]);
    await revokeToken(payload, tx, 'finished', ctx.now);
    await endEarlierTokens(tx, row.assessor_id, ctx.now);
    return goOn(tx, payload, row.assessment_id, ctx);
  });
  return answer ?? { statusCode: StatusCode.AssessmentAlreadyFinished, detailCode: DetailCode.NoDetails };
}

/**
 * What comes after a finished assessment: logout, or (a group participant with questionnaires left)
 * a token for the next one. `mint` false answers logout false without a token.
 */
async function goOn(tx: Sql, payload: TokenPayload, finishedId: number, ctx: ApiContext, mint: (next: number) => Promise<boolean> = async () => true): Promise<ApiAnswer> {
  const found = await memberOfAssessment(tx, finishedId);
  if (!found) return finished;
  const next = await nextAssessment(tx, found.member.id, found.group);
  if (!next) return finished;
  const going = { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, logout: false };
  if (!(await mint(next.assessmentId))) return going;
  const token = issueToken(
    {
      product: payload.product,
      isLoggedIn: true,
      ...(payload.assessorId !== undefined && { assessorId: payload.assessorId }),
      ...(next.assessmentType !== null && { assessmentType: next.assessmentType }),
      assessment: next.assessmentId,
    },
    ctx,
  );
  return { ...going, token };
}

/**
 * The retry of the token that finished (its first answer was lost on the way) answers like the
 * first: logout, or logout false for a group participant with questionnaires left. The first
 * answer's token for the next assessment would be lost with it, so the retry brings a fresh one,
 * for the same next assessment (none is made twice), but only while nobody has answered it yet:
 * once the participant went on with the first answer's token, a stale finishing token (another
 * tab, a copied cookie) gets no new token. A lost answer is retried at once: one retry within a
 * minute is allowed, and none once the participant signed out or changed the key after finishing.
 * Anything else is refused as the revoked token it is.
 */
async function retryAnswer(token: string, ctx: ApiContext): Promise<ApiAnswer> {
  // holderOf verified signature and expiry before it found the token revoked: the payload is genuine.
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as TokenPayload;
  if (typeof payload.assessment !== 'number') return Refusal.revoked;
  const finishedId = payload.assessment;
  return ctx.db.transaction(async (tx) => {
    if (!(await claimRetry(tx, payload.jti, finishedId, ctx.now))) return Refusal.revoked;
    return goOn(tx, payload, finishedId, ctx, async (next) => !(await hasAnswers(tx, next)));
  });
}

/** Records the one retry; false when it was made already, the minute is over, or the participant's tokens ended since. */
async function claimRetry(tx: Sql, jti: string, assessmentId: number, now: number): Promise<boolean> {
  const claimed = await tx.query(
    `update revoked_token r set retried_at = $3
      where r.jti = $1 and r.reason = 'finished' and r.retried_at is null
        and r.revoked_at > $3::timestamptz - make_interval(secs => $4::float8)
        and not exists (select 1 from assessment a join assessor s on s.id = a.assessor_id
                         where a.id = $2 and s.tokens_valid_after > r.revoked_at)
      returning r.jti`,
    [jti, assessmentId, new Date(now), RETRY_SECONDS],
  );
  return claimed.length > 0;
}

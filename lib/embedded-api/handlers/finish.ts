import { DetailCode, StatusCode } from '@/lib/api/codes';
import type { ApiAnswer, ApiContext } from '../context';
import { holderOf, isRefused } from '../authority';
import { isComplete } from '../questionnaires/engine';
import { definitionOfAssessment } from '../questionnaires/store';
import { revokeToken } from '../tokens';
import { savedValues } from './questionnaire';

const finished: ApiAnswer = { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, logout: true };

/**
 * submit/finishassessment: only a completely answered questionnaire finishes, and finishing
 * revokes the token that did it: the cookie left behind reads nothing and changes nothing. That
 * token's retry (its answer was lost on the way) answers like the first time; any other token of
 * the finished assessment is refused like every other call (AssessmentAlreadyFinished).
 */
export async function finishAssessment(body: { token?: string }, ctx: ApiContext): Promise<ApiAnswer> {
  const holder = await holderOf(body.token, ctx, 'loggedIn');
  if (isRefused(holder)) return holder.revokedFor === 'finished' ? finished : holder.refusal;
  const { row, payload } = holder;
  const bound = await definitionOfAssessment(ctx.db, row.assessment_id);
  if (!bound) return { statusCode: StatusCode.NoRecordset, detailCode: DetailCode.NoExists };
  if (!isComplete(bound.definition, await savedValues(ctx.db, row.assessment_id))) {
    return { statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.NoDetails, errorInfo: 'not every question is answered' };
  }
  const done = await ctx.db.transaction(async (tx) => {
    const updated = await tx.query('update assessment set finished_at = now() where id = $1 and finished_at is null returning id', [row.assessment_id]);
    if (updated.length === 0) return false;
    await revokeToken(payload, tx, 'finished');
    return true;
  });
  return done ? finished : { statusCode: StatusCode.AssessmentAlreadyFinished, detailCode: DetailCode.NoDetails };
}

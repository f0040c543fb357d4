import { DetailCode, StatusCode } from '@/lib/api/codes';
import type { ApiAnswer, ApiContext } from '../context';
import { DEFINITIONS } from '../questionnaires/definitions';
import { isComplete } from '../questionnaires/engine';
import { loggedInAssessment, savedValues } from './questionnaire';

/**
 * submit/finishassessment: only a completely answered questionnaire finishes. Finishing twice is
 * harmless: the second call answers like the first. Afterwards the assessment takes no answers.
 */
export async function finishAssessment(body: { token?: string }, ctx: ApiContext): Promise<ApiAnswer> {
  const found = await loggedInAssessment(body.token, ctx);
  if ('statusCode' in found) return found;
  const { row } = found;
  if (row.finished_at) return { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, logout: true };
  const definition = DEFINITIONS[row.questionnaire_key];
  if (!definition) return { statusCode: StatusCode.NoRecordset, detailCode: DetailCode.NoExists };
  if (!isComplete(definition, await savedValues(ctx.db, row.id))) {
    return { statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.NoDetails, errorInfo: 'not every question is answered' };
  }
  await ctx.db.query('update assessment set finished_at = now() where id = $1 and finished_at is null', [row.id]);
  return { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, logout: true };
}

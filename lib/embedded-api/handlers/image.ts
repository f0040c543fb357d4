import { DetailCode, StatusCode } from '@/lib/api/codes';
import type { ApiAnswer, ApiContext } from '../context';
import { holderOf, isRefused } from '../authority';
import { imageData } from '../questionnaires/images';
import { definitionOfAssessment } from '../questionnaires/store';

/** An image key the token's questionnaire does not have: said plainly, without echoing what was asked. */
const NO_SUCH_IMAGE: ApiAnswer = {
  statusCode: StatusCode.NoRecordset,
  detailCode: DetailCode.NoExists,
  errorInfo: 'category: the questionnaire of this assessment has no image of this key',
};

/**
 * loadImage (spec §7): category is the image key of a question; the answer is the image as base64
 * text. Only for a logged-in holder, and only the images of the questionnaire version their
 * assessment answers (an image of another questionnaire, or of another version, is not theirs).
 */
export async function loadImage(body: { category: string; token?: string }, ctx: ApiContext): Promise<ApiAnswer | string> {
  const holder = await holderOf(body.token, ctx, 'loggedIn');
  if (isRefused(holder)) return holder.refusal;
  const bound = await definitionOfAssessment(ctx.db, holder.row.assessment_id);
  if (!bound) return NO_SUCH_IMAGE;
  const data = await imageData(ctx.db, bound.definition.key, bound.version, body.category);
  return data ? data.toString('base64') : NO_SUCH_IMAGE;
}

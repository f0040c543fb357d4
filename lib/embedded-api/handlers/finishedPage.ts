import { DetailCode, StatusCode } from '@/lib/api/codes';
import { languageOf, type ApiAnswer, type ApiContext } from '../context';
import { privacyOfAssessment, withRetentionNotice } from '../privacy/texts';
import { isTokenFailure, verifyToken, type TokenPayload } from '../tokens';
import { translationsFor } from '../translations';

/** The page-info category of /finishedquestionnaire. */
export const FINISHED_CATEGORY = 'finishedquestionnaire';

/**
 * pageinfo with category 'finishedquestionnaire': the finished page's texts and, where one is set,
 * the retention notice of the questionnaire the participant finished (RetentionNotice: its own,
 * else the operator's default; privacy/texts.ts). The page sends the token that finished, as the
 * spec's client does, which clears it only there. That token is revoked (finish.ts): it is read
 * here for nothing but which assessment it finished. Any other token, or none, gets the texts
 * without a notice, since which questionnaire's notice applies is not known; always Ok, whatever
 * the token: the participant has finished.
 */
export async function finishedPageInfo(body: { token?: string; uiLanguage?: string }, ctx: ApiContext): Promise<ApiAnswer> {
  const language = languageOf(body.uiLanguage);
  const assessmentId = await finishedBy(body.token, ctx);
  const shown = assessmentId === undefined ? undefined : await privacyOfAssessment(ctx, assessmentId);
  return { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, translations: withRetentionNotice(translationsFor(language), shown, language) };
}

/** The finished assessment of a genuine, unexpired token revoked by finishing it; else undefined. */
async function finishedBy(token: string | undefined, ctx: ApiContext): Promise<number | undefined> {
  if (!token) return undefined;
  const verified = await verifyToken(token, ctx.settings.tokenSecret, ctx.db, ctx.now);
  // verifyToken checks signature and expiry before revocation: a token revoked for 'finished' is genuine.
  if (!isTokenFailure(verified) || verified.revokedFor !== 'finished') return undefined;
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as TokenPayload;
  if (typeof payload.assessment !== 'number') return undefined;
  const [finished] = await ctx.db.query('select 1 from assessment where id = $1 and finished_at is not null', [payload.assessment]);
  return finished ? payload.assessment : undefined;
}

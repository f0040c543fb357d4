import { DetailCode, StatusCode } from '@/lib/api/codes';
import type { ApiAnswer, ApiContext } from '../context';
import { holderOf, isRefused } from '../authority';
import { decryptClientValue } from '../clientCrypto';
import { reserveAccessCodeAttempt, settleAccessCodeAttempt } from '../guessing';
import { verifyKey } from '../keys';
import { issueToken } from '../tokens';

/**
 * Access-code login. A wrong code is not an error in the spec's sense: the answer is Ok with a
 * token that is not logged in, and the page shows its wrong-code modal. Any genuine token of a
 * running assessment may try (the ident code's, or a logged-in one logging in again); each try
 * counts against the guessing limits before the key is checked.
 */
export async function submitAccessCodeLogin(body: { passwordHash: string; token?: string }, ctx: ApiContext): Promise<ApiAnswer> {
  const holder = await holderOf(body.token, ctx, 'assessment');
  if (isRefused(holder)) return holder.refusal;
  const code = decryptClientValue(body.passwordHash, ctx.settings.clientCryptoKey, ctx.settings.clientCryptoIv);
  if (code === undefined) return { statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.UnableToDecryptClientData };
  const { row } = holder;
  const notLoggedIn = () => issueToken({ product: row.product as never, isLoggedIn: false, assessment: row.assessment_id }, ctx);
  const attempt = await reserveAccessCodeAttempt(ctx, row.assessment_id);
  if (attempt === 'locked') return { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, token: notLoggedIn(), locked: true };
  const matches = await verifyKey(code.replace(/\s+/g, ''), row.key_hash);
  await settleAccessCodeAttempt(ctx, attempt, matches);
  if (!matches) return { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, token: notLoggedIn() };
  const [answered] = await ctx.db.query<{ n: number }>('select count(*)::int as n from answer where assessment_id = $1', [row.assessment_id]);
  // A group participant coming back (README "Coming back (group participants)") logs in with their
  // personal key into the assessment they are at; its questionnaire type travels as in the flow.
  const token = issueToken(
    {
      product: row.product as never,
      isLoggedIn: true,
      assessorId: row.assessor_id,
      assessment: row.assessment_id,
      ...(row.assessment_type !== null && { assessmentType: row.assessment_type }),
    },
    ctx,
  );
  return {
    statusCode: StatusCode.Ok,
    detailCode: DetailCode.NoDetails,
    token,
    username: `${row.first_name} ${row.last_name}`.trim(),
    assessorMustRegister: row.must_register,
    isFirstLogin: !row.first_login_done,
    hasAnsweredSomeQuestions: (answered?.n ?? 0) > 0,
    isPasswordSet: row.key_hash !== null,
  };
}

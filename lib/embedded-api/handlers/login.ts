import { DetailCode, StatusCode } from '@/lib/api/codes';
import type { ApiAnswer, ApiContext } from '../context';
import { decryptClientValue } from '../clientCrypto';
import { clearAssessmentFailures, isGuessingLocked, recordFailure } from '../guessing';
import { verifyKey } from '../keys';
import { isTokenFailure, issueToken, verifyToken } from '../tokens';

type Row = {
  assessment_id: number;
  product: number;
  first_login_done: boolean;
  finished_at: Date | null;
  assessor_id: number;
  first_name: string;
  last_name: string;
  must_register: boolean;
  key_hash: string | null;
};

/**
 * Access-code login. A wrong code is not an error in the spec's sense: the answer is Ok with a
 * token that is not logged in, and the page shows its wrong-code modal.
 */
export async function submitAccessCodeLogin(body: { passwordHash: string; token?: string }, ctx: ApiContext): Promise<ApiAnswer> {
  const verified = await verifyToken(body.token, ctx.settings.tokenSecret, ctx.db, ctx.now);
  if (isTokenFailure(verified)) return verified;
  if (!verified.assessment) return { statusCode: StatusCode.TokenInvalid, detailCode: DetailCode.UnknownAssessmentId };
  const code = decryptClientValue(body.passwordHash, ctx.settings.clientCryptoKey, ctx.settings.clientCryptoIv);
  if (code === undefined) return { statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.UnableToDecryptClientData };
  const [row] = await ctx.db.query<Row>(
    `select a.id as assessment_id, a.product, a.first_login_done, a.finished_at, s.id as assessor_id, s.first_name, s.last_name,
            s.must_register, s.key_hash
       from assessment a join assessor s on s.id = a.assessor_id where a.id = $1`,
    [verified.assessment],
  );
  if (!row) return { statusCode: StatusCode.AssessmentDoesNotExist, detailCode: DetailCode.UnknownAssessmentId };
  if (row.finished_at) return { statusCode: StatusCode.AssessmentAlreadyFinished, detailCode: DetailCode.NoDetails };
  const notLoggedIn = () => issueToken({ product: row.product as never, isLoggedIn: false, assessment: row.assessment_id }, ctx);
  if (await isGuessingLocked(ctx.db, ctx, row.assessment_id)) {
    return { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, token: notLoggedIn(), locked: true };
  }
  const matches = await verifyKey(code.replace(/\s+/g, ''), row.key_hash);
  if (!matches) {
    await recordFailure(ctx.db, ctx, row.assessment_id);
    return { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, token: notLoggedIn() };
  }
  await clearAssessmentFailures(ctx.db, row.assessment_id);
  const [answered] = await ctx.db.query<{ n: number }>('select count(*)::int as n from answer where assessment_id = $1', [row.assessment_id]);
  const token = issueToken({ product: row.product as never, isLoggedIn: true, assessorId: row.assessor_id, assessment: row.assessment_id }, ctx);
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

import { DetailCode, StatusCode } from '@/lib/api/codes';
import { MIN_KEY_LENGTH_ACCESS } from '@/lib/validation/personalKey';
import { isRegisterDataValid } from '@/lib/validation/register';
import { languageOf, type ApiAnswer, type ApiContext } from '../context';
import { decryptClientValue } from '../clientCrypto';
import { hashKey } from '../keys';
import { isTokenFailure, issueToken, verifyToken, type TokenPayload } from '../tokens';
import { translationsFor } from '../translations';

type AssessorRow = {
  assessment_id: number;
  product: number;
  assessor_id: number;
  first_name: string;
  last_name: string;
  email: string;
  is_registered: boolean;
  key_hash: string | null;
};

async function assessorFor(payload: TokenPayload, ctx: ApiContext): Promise<AssessorRow | undefined> {
  const [row] = await ctx.db.query<AssessorRow>(
    `select a.id as assessment_id, a.product, s.id as assessor_id, s.first_name, s.last_name, s.email, s.is_registered, s.key_hash
       from assessment a join assessor s on s.id = a.assessor_id where a.id = $1`,
    [payload.assessment],
  );
  return row;
}

/** The access-code or register token: the assessment must be known; login is not required for registering. */
async function tokenAndAssessor(token: string | undefined, ctx: ApiContext, mustBeLoggedIn: boolean) {
  const verified = await verifyToken(token, ctx.settings.tokenSecret, ctx.db, ctx.now);
  if (isTokenFailure(verified)) return verified;
  if (!verified.assessment || (mustBeLoggedIn && !verified.isLoggedIn)) return { statusCode: StatusCode.TokenInvalid, detailCode: DetailCode.TokenUnknown };
  const row = await assessorFor(verified, ctx);
  if (!row) return { statusCode: StatusCode.AssessmentDoesNotExist, detailCode: DetailCode.UnknownAssessmentId };
  return { verified, row };
}

/** Decrypts a key sent by the browser; empty means 'keep the current key'. */
function newKeyFrom(encrypted: string, ctx: ApiContext): { key: string } | { keep: true } | { error: ApiAnswer } {
  if (encrypted === '') return { keep: true };
  const plain = decryptClientValue(encrypted, ctx.settings.clientCryptoKey, ctx.settings.clientCryptoIv);
  if (plain === undefined) return { error: { statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.UnableToDecryptClientData } };
  const key = plain.trim();
  if (key.length < MIN_KEY_LENGTH_ACCESS) {
    return { error: { statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.NoDetails, errorInfo: `key: at least ${MIN_KEY_LENGTH_ACCESS} characters` } };
  }
  return { key };
}

function loggedInToken(row: AssessorRow, ctx: ApiContext): string {
  return issueToken({ product: row.product as never, isLoggedIn: true, assessorId: row.assessor_id, assessment: row.assessment_id }, ctx);
}

/** pageinfo/kodekodex/personalinfo: the /accesspassword page. */
export async function accessPasswordPage(body: { token?: string; uiLanguage?: string }, ctx: ApiContext): Promise<ApiAnswer> {
  const translations = translationsFor(languageOf(body.uiLanguage));
  const found = await tokenAndAssessor(body.token, ctx, true);
  if ('statusCode' in found) return { ...found, translations };
  return { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, translations, isPasswordSet: found.row.key_hash !== null, hasAccount: true };
}

/** submit/kodekodex/personalinfo: keep the key (empty) or set a new one; the first login is then done. */
export async function submitAccessPassword(body: { passwordEncrypted: string; token?: string }, ctx: ApiContext): Promise<ApiAnswer> {
  const found = await tokenAndAssessor(body.token, ctx, true);
  if ('statusCode' in found) return found;
  const { row } = found;
  const next = newKeyFrom(body.passwordEncrypted, ctx);
  if ('error' in next) return next.error;
  if ('keep' in next && row.key_hash === null) {
    return { statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.NoDetails, errorInfo: 'key: a key must be set' };
  }
  await ctx.db.transaction(async (tx) => {
    if ('key' in next) await tx.query('update assessor set key_hash = $1 where id = $2', [await hashKey(next.key), row.assessor_id]);
    await tx.query('update assessment set first_login_done = true where id = $1', [row.assessment_id]);
  });
  return {
    statusCode: StatusCode.Ok,
    detailCode: DetailCode.NoDetails,
    token: loggedInToken(row, ctx),
    username: `${row.first_name} ${row.last_name}`.trim(),
  };
}

/** pageinfo/kodekodex/register: the assessor's data so far and whether a key exists. */
export async function registerPage(body: { token?: string; uiLanguage?: string }, ctx: ApiContext): Promise<ApiAnswer> {
  const translations = translationsFor(languageOf(body.uiLanguage));
  const found = await tokenAndAssessor(body.token, ctx, false);
  if ('statusCode' in found) return { ...found, translations };
  const { row } = found;
  return {
    statusCode: StatusCode.Ok,
    detailCode: DetailCode.NoDetails,
    translations,
    registrationData: { isRegistered: row.is_registered, firstName: row.first_name, lastName: row.last_name, emailAddress: row.email },
    isPasswordSet: row.key_hash !== null,
  };
}

type RegisterBody = { firstName: string; lastName: string; emailAddress: string; passwordEncrypted: string; token?: string };

/** submit/kodekodex/register: stores the assessor's data and key; the answer logs them in. */
export async function submitRegister(body: RegisterBody, ctx: ApiContext): Promise<ApiAnswer> {
  const found = await tokenAndAssessor(body.token, ctx, false);
  if ('statusCode' in found) return found;
  const { row } = found;
  const data = { firstName: body.firstName.trim(), lastName: body.lastName.trim(), emailAddress: body.emailAddress.trim() };
  if (!isRegisterDataValid(data)) {
    return { statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.NoDetails, errorInfo: 'lastName or emailAddress: invalid' };
  }
  const next = newKeyFrom(body.passwordEncrypted, ctx);
  if ('error' in next) return next.error;
  if ('keep' in next && row.key_hash === null) {
    return { statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.NoDetails, errorInfo: 'key: a key must be set' };
  }
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `update assessor set first_name = $1, last_name = $2, email = $3, is_registered = true, must_register = false,
         key_hash = coalesce($4, key_hash) where id = $5`,
      [data.firstName, data.lastName, data.emailAddress, 'key' in next ? await hashKey(next.key) : null, row.assessor_id],
    );
    await tx.query('update assessment set first_login_done = true where id = $1', [row.assessment_id]);
  });
  return {
    statusCode: StatusCode.Ok,
    detailCode: DetailCode.NoDetails,
    token: loggedInToken(row, ctx),
    username: `${data.firstName} ${data.lastName}`.trim(),
  };
}

import { DetailCode, StatusCode } from '@/lib/api/codes';
import { MIN_KEY_LENGTH_ACCESS, MIN_KEY_LENGTH_GROUP } from '@/lib/validation/personalKey';
import { isRegisterDataValid, mustEnterPersonalInfo } from '@/lib/validation/register';
import { languageOf, type ApiAnswer, type ApiContext } from '../context';
import { holderOf, isRefused, Refusal, registrationRight, type ParticipantRow } from '../authority';
import { decryptClientValue } from '../clientCrypto';
import { releaseKeyChange, reserveKeyChange, tooManyKeyChanges } from '../keyChangeLimit';
import { quickKeyHash } from '../keys';
import { endEarlierTokens } from '../participantTokens';
import { recordConsent } from '../privacy/consent';
import { privacyOfAssessment, withPrivacyText } from '../privacy/texts';
import { issueToken } from '../tokens';
import { translationsFor } from '../translations';

/** Decrypts a key sent by the browser; empty means 'keep the current key'. */
function newKeyFrom(encrypted: string, ctx: ApiContext, minLength = MIN_KEY_LENGTH_ACCESS): { key: string } | { keep: true } | { error: ApiAnswer } {
  if (encrypted === '') return { keep: true };
  const plain = decryptClientValue(encrypted, ctx.settings.clientCryptoKey, ctx.settings.clientCryptoIv);
  if (plain === undefined) return { error: { statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.UnableToDecryptClientData } };
  const key = plain.trim();
  if (key.length < minLength) {
    return { error: { statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.NoDetails, errorInfo: `key: at least ${minLength} characters` } };
  }
  return { key };
}

function loggedInToken(row: ParticipantRow, ctx: ApiContext): string {
  return issueToken({ product: row.product as never, isLoggedIn: true, assessorId: row.assessor_id, assessment: row.assessment_id }, ctx);
}

const keyRequired: ApiAnswer = { statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.NoDetails, errorInfo: 'key: a key must be set' };

/** pageinfo/kodekodex/personalinfo: the /accesspassword page, for a logged-in holder only. */
export async function accessPasswordPage(body: { token?: string; uiLanguage?: string }, ctx: ApiContext): Promise<ApiAnswer> {
  const language = languageOf(body.uiLanguage);
  const translations = translationsFor(language);
  const holder = await holderOf(body.token, ctx, 'loggedIn');
  if (isRefused(holder)) return { ...holder.refusal, translations };
  return {
    statusCode: StatusCode.Ok,
    detailCode: DetailCode.NoDetails,
    translations: withPrivacyText(translations, await privacyOfAssessment(ctx, holder.row.assessment_id), language),
    isPasswordSet: holder.row.key_hash !== null,
    hasAccount: true,
  };
}

/**
 * submit/kodekodex/personalinfo: a logged-in holder keeps the key (empty) or sets a new one; the first login is then done.
 * A group participant who calls it is held to their flow's minimum. A new key counts against the
 * limit on key changes (keyChangeLimit.ts) and ends the participant's earlier tokens: the
 * answer's token carries on. The consent box is locked for a token with assessorId, as the page
 * has it (privacy/consent.ts).
 */
export async function submitAccessPassword(body: { passwordEncrypted: string; token?: string }, ctx: ApiContext): Promise<ApiAnswer> {
  const holder = await holderOf(body.token, ctx, 'loggedIn');
  if (isRefused(holder)) return holder.refusal;
  const { row } = holder;
  const next = newKeyFrom(body.passwordEncrypted, ctx, row.group_member_id === null ? MIN_KEY_LENGTH_ACCESS : MIN_KEY_LENGTH_GROUP);
  if ('error' in next) return next.error;
  if ('keep' in next && row.key_hash === null) return keyRequired;
  const { privacyText } = await privacyOfAssessment(ctx, row.assessment_id);
  // Counted before the hash, so that refused changes cost no hashing.
  const reservation = 'key' in next ? await reserveKeyChange(ctx, row.assessor_id) : undefined;
  if (reservation === 'limited') return tooManyKeyChanges(ctx);
  // The quick layer now, before the transaction so that it holds no connection meanwhile; the
  // strong layer once the answer is out (keyStrengthening.ts).
  const keyHash = 'key' in next ? await quickKeyHash(next.key) : null;
  const changed = await ctx.db.transaction(async (tx) => {
    const [still] = await tx.query('select 1 from assessment where id = $1 and finished_at is null for update', [row.assessment_id]);
    if (!still) return false;
    if (keyHash) {
      await tx.query('update assessor set key_hash = $1 where id = $2', [keyHash, row.assessor_id]);
      await endEarlierTokens(tx, row.assessor_id, ctx.now);
    }
    await tx.query('update assessment set first_login_done = true where id = $1', [row.assessment_id]);
    await recordConsent(tx, row.assessor_id, privacyText.version, holder.payload.assessorId === undefined ? 'ticked' : 'locked', ctx.now);
    return true;
  });
  if (!changed) {
    if (reservation) await releaseKeyChange(ctx, reservation);
    return Refusal.finished;
  }
  if (keyHash) void ctx.keys.strengthen(row.assessor_id);
  return {
    statusCode: StatusCode.Ok,
    detailCode: DetailCode.NoDetails,
    token: loggedInToken(row, ctx),
    username: `${row.first_name} ${row.last_name}`.trim(),
  };
}

/**
 * pageinfo/kodekodex/register: while registration is open to the holder (authority.ts,
 * registrationRight). A logged-in holder gets the assessor's data; the ident code's holder gets
 * empty fields, whatever an operator may have stored.
 */
export async function registerPage(body: { token?: string; uiLanguage?: string }, ctx: ApiContext): Promise<ApiAnswer> {
  const language = languageOf(body.uiLanguage);
  const translations = translationsFor(language);
  const holder = await holderOf(body.token, ctx, 'assessment');
  if (isRefused(holder)) return { ...holder.refusal, translations };
  const right = registrationRight(holder);
  if (right === 'none') return { ...Refusal.notAllowed, translations };
  const { row } = holder;
  const registrationData =
    right === 'withData'
      ? { isRegistered: row.is_registered, firstName: row.first_name, lastName: row.last_name, emailAddress: row.email }
      : { isRegistered: false, firstName: '', lastName: '', emailAddress: '' };
  return {
    statusCode: StatusCode.Ok,
    detailCode: DetailCode.NoDetails,
    translations: withPrivacyText(translations, await privacyOfAssessment(ctx, row.assessment_id), language),
    registrationData,
    isPasswordSet: row.key_hash !== null,
  };
}

type RegisterBody = { firstName: string; lastName: string; emailAddress: string; passwordEncrypted: string; token?: string };

/**
 * submit/kodekodex/register: stores the assessor's data and key and closes the registration; the
 * answer logs them in. The update re-checks the right in the same statement, so that of two
 * holders registering at once only the first gets through. The consent box is locked for an
 * assessor the page showed as registered, as the page has it (privacy/consent.ts).
 */
export async function submitRegister(body: RegisterBody, ctx: ApiContext): Promise<ApiAnswer> {
  const holder = await holderOf(body.token, ctx, 'assessment');
  if (isRefused(holder)) return holder.refusal;
  const right = registrationRight(holder);
  if (right === 'none') return Refusal.notAllowed;
  const { row } = holder;
  const data = { firstName: body.firstName.trim(), lastName: body.lastName.trim(), emailAddress: body.emailAddress.trim() };
  // As the page shows it: an assessor registered before was shown their data (registerPage), and the consent ticked and locked.
  const shownRegistered = right === 'withData' && row.is_registered;
  // The same rule as the page: for an assessor registered before, the last name may stay empty.
  if (!isRegisterDataValid(data, mustEnterPersonalInfo(shownRegistered))) {
    return { statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.NoDetails, errorInfo: 'lastName or emailAddress: invalid' };
  }
  const next = newKeyFrom(body.passwordEncrypted, ctx);
  if ('error' in next) return next.error;
  if ('keep' in next && row.key_hash === null) return keyRequired;
  const { privacyText } = await privacyOfAssessment(ctx, row.assessment_id);
  const reservation = 'key' in next ? await reserveKeyChange(ctx, row.assessor_id) : undefined;
  if (reservation === 'limited') return tooManyKeyChanges(ctx);
  const keyHash = 'key' in next ? await quickKeyHash(next.key) : null;
  const registered = await ctx.db.transaction(async (tx) => {
    const [still] = await tx.query('select 1 from assessment where id = $1 and finished_at is null for update', [row.assessment_id]);
    if (!still) return false;
    const updated = await tx.query(
      `update assessor set first_name = $1, last_name = $2, email = $3, is_registered = true, must_register = false,
         key_hash = coalesce($4, key_hash)
       where id = $5 and must_register and ($6 or key_hash is null) returning id`,
      [data.firstName, data.lastName, data.emailAddress, keyHash, row.assessor_id, right === 'withData'],
    );
    if (updated.length === 0) return false;
    if (keyHash) await endEarlierTokens(tx, row.assessor_id, ctx.now);
    await tx.query('update assessment set first_login_done = true where id = $1', [row.assessment_id]);
    await recordConsent(tx, row.assessor_id, privacyText.version, shownRegistered ? 'locked' : 'ticked', ctx.now);
    return true;
  });
  if (!registered) {
    if (reservation) await releaseKeyChange(ctx, reservation);
    return Refusal.notAllowed;
  }
  if (keyHash) void ctx.keys.strengthen(row.assessor_id);
  return {
    statusCode: StatusCode.Ok,
    detailCode: DetailCode.NoDetails,
    token: loggedInToken(row, ctx),
    username: `${data.firstName} ${data.lastName}`.trim(),
  };
}

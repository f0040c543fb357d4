import { DetailCode, StatusCode, type Product } from '@/lib/api/codes';
import { isLanguage } from '@/lib/api/languages';
import { GROUP_VARIANTS, groupVariant, type GroupVariant } from '@/lib/flows/groupVariants';
import { normaliseCode } from '@/lib/validation/code';
import { groupCodeShape } from '@/lib/validation/groupCode';
import { languageOf, type ApiAnswer, type ApiContext } from '../context';
import { decryptClientValue } from '../clientCrypto';
import { passGroupCodeGate } from '../groups/loginGate';
import { malformedDetail, VERDICT_ANSWERS } from '../groups/loginRule';
import { createMember } from '../groups/store';
import { issueToken } from '../tokens';
import { publicPageInfo } from './pageinfo';

type LoginPageBody = { category?: string; token?: string; uiLanguage?: string; groupCodeIdent?: string };
type LoginBody = { groupcode: string; token?: string; uiLanguage?: string };

/**
 * pageinfo/<variant>/login: the entry page's texts, without a token (a token that is sent must be
 * genuine, as on every public page). groupCodeIdent (the code in the address) is not looked up:
 * an answer that differed for a known code would let anyone enumerate group codes past the
 * guessing limit. The group's look reaches the header after the login, through the token.
 */
async function loginPage(body: LoginPageBody, ctx: ApiContext): Promise<ApiAnswer> {
  return publicPageInfo(body, ctx);
}

/**
 * submit/<variant>/login: the group code is the credential, the token in the body is not read.
 * The outcomes are those of groups/loginRule.ts; every accepted login starts a new participant
 * (groups/store.ts, createMember), whose token logs in without an account (no assessorId).
 */
async function login(variant: GroupVariant, body: LoginBody, ctx: ApiContext): Promise<ApiAnswer> {
  const row = groupVariant(variant);
  const plain = row.encryptsCode ? decryptClientValue(body.groupcode, ctx.settings.clientCryptoKey, ctx.settings.clientCryptoIv) : body.groupcode;
  if (plain === undefined) return { statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.UnableToDecryptClientData };
  const code = normaliseCode(plain);
  const shape = groupCodeShape(code);
  // Malformed codes cannot be anyone's: they never reach the database and are not counted.
  if (shape !== 'ok') return { statusCode: StatusCode.AssessmentIdentCodeIsInvalid, detailCode: malformedDetail(shape) };

  const { verdict, group } = await passGroupCodeGate(ctx, code, variant);
  const answer = VERDICT_ANSWERS[verdict];
  const status = { statusCode: answer.statusCode, detailCode: answer.detailCode };
  if (answer.token === 'notLoggedIn') {
    // Speaks for nothing: no assessment, nothing to read with it.
    return { ...status, token: issueToken({ product: row.product, isLoggedIn: false }, ctx), ...(answer.locked && { locked: true }) };
  }
  if (answer.token !== 'loggedIn' || !group) return status;

  // The language the participant chose (address, selector) wins over the group's.
  const language = isLanguage(body.uiLanguage) ? body.uiLanguage : languageOf(group.ui_language);
  const member = await ctx.db.transaction(async (tx) => {
    const created = await createMember(tx, group);
    await tx.query('update assessment set ui_language = $2, questionnaire_language = $2 where id = $1', [created.assessmentId, language]);
    return created;
  });
  return {
    ...status,
    token: issueToken({ product: group.product as Product, isLoggedIn: true, assessment: member.assessmentId }, ctx),
    // A participant of a group has no name: the web variant asks for none (its additional fields
    // are the operator's questions), so the header welcomes them without one.
    username: '',
    uiLanguage: language,
    questionnaireLanguage: language,
  };
}

export type GroupLoginHandlers = {
  page: (body: LoginPageBody, ctx: ApiContext) => Promise<ApiAnswer>;
  submit: (body: LoginBody, ctx: ApiContext) => Promise<ApiAnswer>;
};

/** The group-code entry's two calls, keyed by variant like lib/flows/groupVariants.ts; router.ts registers a variant's pair once its flow exists. */
export const GROUP_LOGIN_HANDLERS = Object.fromEntries(
  GROUP_VARIANTS.map((variant) => [variant, { page: loginPage, submit: (body: LoginBody, ctx: ApiContext) => login(variant, body, ctx) }]),
) as Record<GroupVariant, GroupLoginHandlers>;

import { DetailCode, StatusCode } from '@/lib/api/codes';
import { isLanguage, type Language } from '@/lib/api/languages';
import type { GroupVariant } from '@/lib/flows/groupVariants';
import { checkSubmittedFields, type SubmittedFieldProblem } from '@/lib/validation/additionalFields';
import { decideSubmittedKey, MIN_KEY_LENGTH_GROUP, type SubmittedKey } from '@/lib/validation/personalKey';
import { languageOf, type ApiAnswer, type ApiContext } from '../context';
import { isRefused, Refusal } from '../authority';
import { decryptClientValue } from '../clientCrypto';
import { groupMemberHolder } from '../groups/holder';
import type { GroupCodeRow, GroupMemberRow } from '../groups/store';
import { quickKeyHash } from '../keys';
import { localize } from '../questionnaires/definitions';
import { issueToken } from '../tokens';
import { translationsFor } from '../translations';

/**
 * The personal-info page of the group variants with additional fields (kodew; kodegroupcode in
 * issue 9), keyed by variant like the rest of the group flows: pageinfo/<variant>/personalinfo and
 * submit/<variant>/personalinfo. Only a logged-in participant of a group code of that variant gets
 * anything (groups/holder.ts); these two are the calls a participant may make before saving it.
 */

type PageBody = { token?: string; uiLanguage?: string };

/** The group code's fields with the participant's values, the name in the page's language (spec §3). */
function fieldsWithValues(group: GroupCodeRow, member: GroupMemberRow, language: Language) {
  return group.fields.map((field) => ({
    id: field.id,
    name: localize(field.name, language),
    value: member.field_values[String(field.id)] ?? '',
    fieldType: field.fieldType,
    allowedValues: field.fieldType === 'List' ? (field.allowedValues ?? []) : null,
    sortNumber: field.sortNumber,
    required: field.required,
  }));
}

/**
 * pageinfo/<variant>/personalinfo. hasAccount: the participant has set a key (their token then
 * carries assessorId). The personal access code comes only with an account: before a key is set
 * the code opens nothing (coming back needs code and key), the page never shows it, and the e-mail
 * step that hands it over follows the key; a secret that need not travel does not.
 */
export function groupPersonalInfoPage(variant: GroupVariant) {
  return async function personalInfoPage(body: PageBody, ctx: ApiContext): Promise<ApiAnswer> {
    const language = languageOf(body.uiLanguage);
    const translations = translationsFor(language);
    const found = await groupMemberHolder(body.token, ctx, variant, 'personalInfo');
    if (isRefused(found)) return { ...found.refusal, translations };
    const { row, member, group } = found;
    const hasAccount = row.key_hash !== null;
    const [languages] = await ctx.db.query<{ ui_language: string; questionnaire_language: string }>(
      'select ui_language, questionnaire_language from assessment where id = $1',
      [row.assessment_id],
    );
    return {
      statusCode: StatusCode.Ok,
      detailCode: DetailCode.NoDetails,
      translations,
      additionalFieldsWithValues: fieldsWithValues(group, member, language),
      accessCode: hasAccount ? member.access_code : null,
      uiLanguage: languageOf(languages?.ui_language),
      questionnaireLanguage: languageOf(languages?.questionnaire_language),
      hasAccount,
      finishModal: group.personal_info_finish_modal === true,
    };
  };
}

type SubmitBody = { additionalFieldsWithValues: { id: number; value: string }[]; password: string; uiLanguage?: string; token?: string };

const PROBLEM_TEXT: Record<SubmittedFieldProblem, string> = {
  unknown: 'no such field',
  twice: 'sent twice',
  required: 'required',
  notAllowed: 'not one of its allowedValues',
  tooLong: 'too long',
};

const invalid = (errorInfo: string, detailCode: number = DetailCode.NoDetails): ApiAnswer => ({ statusCode: StatusCode.PostDataIsInvalid, detailCode, errorInfo });

/**
 * submit/<variant>/personalinfo: the participant's field values and key (encrypted; empty to keep
 * the one they have). Every value is checked against the group code's definitions and the key
 * against spec §5/§9 before anything is stored; then values, key and the time are stored together.
 * The answer's token carries assessorId: with a key the participant has an account.
 */
export function submitGroupPersonalInfo(variant: GroupVariant) {
  return async function submitPersonalInfo(body: SubmitBody, ctx: ApiContext): Promise<ApiAnswer> {
    const found = await groupMemberHolder(body.token, ctx, variant, 'personalInfo');
    if (isRefused(found)) return found.refusal;
    const { row, member, group, payload } = found;

    const checked = checkSubmittedFields(group.fields, body.additionalFieldsWithValues);
    if (!checked.ok) {
      return invalid(checked.problems.map(({ id, problem }) => `additionalFieldsWithValues: field ${id}: ${PROBLEM_TEXT[problem]}`).join('; '));
    }

    let sent: SubmittedKey = { keep: true };
    if (body.password !== '') {
      const plain = decryptClientValue(body.password, ctx.settings.clientCryptoKey, ctx.settings.clientCryptoIv);
      if (plain === undefined) return invalid('password: cannot be decrypted', DetailCode.UnableToDecryptClientData);
      sent = { plain };
    }
    const decision = decideSubmittedKey(sent, row.key_hash !== null, MIN_KEY_LENGTH_GROUP);
    if (decision.kind === 'refused') {
      return invalid(decision.problem === 'tooShort' ? `password: at least ${MIN_KEY_LENGTH_GROUP} characters` : 'password: a key must be set');
    }
    // The quick layer now, before the transaction so that it holds no connection meanwhile; the
    // strong layer once the answer is out (keyStrengthening.ts).
    const keyHash = decision.kind === 'set' ? await quickKeyHash(decision.key) : null;
    const language = isLanguage(body.uiLanguage) ? body.uiLanguage : null;

    const saved = await ctx.db.transaction(async (tx) => {
      const [still] = await tx.query('select 1 from assessment where id = $1 and finished_at is null for update', [row.assessment_id]);
      if (!still) return false;
      if (keyHash) await tx.query('update assessor set key_hash = $1 where id = $2', [keyHash, row.assessor_id]);
      await tx.query('update group_member set field_values = $2::jsonb, personal_info_saved_at = $3 where id = $1', [
        member.id,
        JSON.stringify(checked.values),
        new Date(ctx.now),
      ]);
      // The participant's language from here on (the e-mail and the pages they come back to).
      if (language) await tx.query('update assessment set ui_language = $2 where group_member_id = $1 and finished_at is null', [member.id, language]);
      return true;
    });
    if (!saved) return Refusal.finished;
    if (keyHash) void ctx.keys.strengthen(row.assessor_id);

    const token = issueToken(
      {
        product: payload.product,
        isLoggedIn: true,
        assessorId: row.assessor_id,
        assessment: row.assessment_id,
        ...(payload.assessmentType !== undefined && { assessmentType: payload.assessmentType }),
      },
      ctx,
    );
    // The web variant asks for no name: the welcome line keeps what the group login gave.
    return { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, token, username: `${row.first_name} ${row.last_name}`.trim() };
  };
}

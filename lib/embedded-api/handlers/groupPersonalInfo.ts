import { DetailCode, StatusCode } from '@/lib/api/codes';
import { isLanguage, type Language } from '@/lib/api/languages';
import { groupVariant, type GroupVariant } from '@/lib/flows/groupVariants';
import { checkSubmittedFields, type SubmittedFieldProblem } from '@/lib/validation/additionalFields';
import { MAX_NAME_LENGTH, nameEmailProblems, normaliseNameEmail } from '@/lib/validation/nameEmail';
import { decideSubmittedKey, MIN_KEY_LENGTH_GROUP, type SubmittedKey } from '@/lib/validation/personalKey';
import { languageOf, type ApiAnswer, type ApiContext } from '../context';
import { isRefused, Refusal } from '../authority';
import { decryptClientValue } from '../clientCrypto';
import { groupMemberHolder } from '../groups/holder';
import { deliverAccessCode } from '../mail/deliverAccessCode';
import type { GroupCodeRow, GroupMemberRow } from '../groups/store';
import { releaseKeyChange, reserveKeyChange, tooManyKeyChanges } from '../keyChangeLimit';
import { quickKeyHash } from '../keys';
import { endEarlierTokens } from '../participantTokens';
import { recordConsent } from '../privacy/consent';
import { privacyOfAssessment, withPrivacyText } from '../privacy/texts';
import { localize } from '../questionnaires/definitions';
import { issueToken } from '../tokens';
import { translationsFor } from '../translations';

/**
 * The personal-info page of the group variants, keyed by variant like the rest of the group flows:
 * pageinfo/<variant>/personalinfo and submit/<variant>/personalinfo. What the page asks comes from
 * the variant table (personalFields): the group code's additional fields (kodew, kodegroupcode), or
 * name and e-mail (ra), which are the participant's assessor's (last_name holds the name as typed,
 * first_name stays empty: the page asks for one name, and splitting it would be a guess). Only a
 * logged-in participant of a group code of that variant gets anything (groups/holder.ts); these two
 * are the calls a participant may make before saving it.
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
    const personal =
      groupVariant(variant).personalFields === 'nameEmail'
        ? { name: `${row.first_name} ${row.last_name}`.trim(), email: row.email }
        : { additionalFieldsWithValues: fieldsWithValues(group, member, language) };
    return {
      statusCode: StatusCode.Ok,
      detailCode: DetailCode.NoDetails,
      translations: withPrivacyText(translations, await privacyOfAssessment(ctx, row.assessment_id), language),
      ...personal,
      accessCode: hasAccount ? member.access_code : null,
      uiLanguage: languageOf(row.ui_language),
      questionnaireLanguage: languageOf(row.questionnaire_language),
      hasAccount,
      finishModal: group.personal_info_finish_modal === true,
    };
  };
}

/** The body of either kind of page (the contract checks which one a variant's call takes). */
type SubmitBody = {
  additionalFieldsWithValues?: { id: number; value: string }[];
  name?: string;
  email?: string;
  password: string;
  uiLanguage?: string;
  token?: string;
};

/** What the page's own fields store, checked; or the problem naming the field. */
type PersonalPart =
  | { kind: 'additionalFields'; values: Record<string, string> }
  | { kind: 'nameEmail'; name: string; email: string }
  | { invalid: string };

function checkPersonalPart(variant: GroupVariant, group: GroupCodeRow, body: SubmitBody): PersonalPart {
  if (groupVariant(variant).personalFields === 'nameEmail') {
    const problems = nameEmailProblems(body.name ?? '', body.email ?? '');
    const named = [
      ...(problems.name ? [`name: at most ${MAX_NAME_LENGTH} characters`] : []),
      ...(problems.email ? ['email: not an e-mail address'] : []),
    ];
    if (named.length > 0) return { invalid: named.join('; ') };
    return { kind: 'nameEmail', ...normaliseNameEmail(body.name ?? '', body.email ?? '') };
  }
  const checked = checkSubmittedFields(group.fields, body.additionalFieldsWithValues ?? []);
  if (!checked.ok) {
    return { invalid: checked.problems.map(({ id, problem }) => `additionalFieldsWithValues: field ${id}: ${PROBLEM_TEXT[problem]}`).join('; ') };
  }
  return { kind: 'additionalFields', values: checked.values };
}

const PROBLEM_TEXT: Record<SubmittedFieldProblem, string> = {
  unknown: 'no such field',
  twice: 'sent twice',
  required: 'required',
  notAllowed: 'not one of its allowedValues',
  tooLong: 'too long',
};

async function assessmentLanguage(ctx: ApiContext, assessmentId: number): Promise<Language> {
  const [found] = await ctx.db.query<{ ui_language: string }>('select ui_language from assessment where id = $1', [assessmentId]);
  return languageOf(found?.ui_language);
}

const invalid = (errorInfo: string, detailCode: number = DetailCode.NoDetails): ApiAnswer => ({ statusCode: StatusCode.PostDataIsInvalid, detailCode, errorInfo });

/**
 * submit/<variant>/personalinfo: the participant's field values (or name and e-mail) and key
 * (encrypted; empty to keep the one they have). Every value is checked against the group code's
 * definitions (or lib/validation/nameEmail.ts) and the key against spec §5/§9 before anything is
 * stored; then values, key and the time are stored together. The answer's token carries
 * assessorId: with a key the participant has an account. A variant without an e-mail step (ra)
 * mails the personal access code and the link back when a key was set and an address given,
 * through the e-mail step's path and limits; the save stands whether or not the mail went out
 * (accessCodeMailed says which), since the manual shows the code as well. The save records the
 * consent to the privacy text the page showed (privacy/consent.ts).
 */
export function submitGroupPersonalInfo(variant: GroupVariant) {
  return async function submitPersonalInfo(body: SubmitBody, ctx: ApiContext): Promise<ApiAnswer> {
    const found = await groupMemberHolder(body.token, ctx, variant, 'personalInfo');
    if (isRefused(found)) return found.refusal;
    const { row, member, group, payload } = found;

    const personal = checkPersonalPart(variant, group, body);
    if ('invalid' in personal) return invalid(personal.invalid);

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
    // The text the page showed: of the assessment the token speaks for (on a first visit, the group's first selectable questionnaire).
    const { privacyText } = await privacyOfAssessment(ctx, row.assessment_id);
    // A new key counts against the limit before it is hashed (keyChangeLimit.ts).
    const reservation = decision.kind === 'set' ? await reserveKeyChange(ctx, row.assessor_id) : undefined;
    if (reservation === 'limited') return tooManyKeyChanges(ctx);
    // The quick layer now, before the transaction so that it holds no connection meanwhile; the
    // strong layer once the answer is out (keyStrengthening.ts).
    const keyHash = decision.kind === 'set' ? await quickKeyHash(decision.key) : null;
    const language = isLanguage(body.uiLanguage) ? body.uiLanguage : null;

    const saved = await ctx.db.transaction(async (tx) => {
      const [still] = await tx.query('select 1 from assessment where id = $1 and finished_at is null for update', [row.assessment_id]);
      if (!still) return false;
      if (keyHash) {
        await tx.query('update assessor set key_hash = $1 where id = $2', [keyHash, row.assessor_id]);
        // Every earlier token of the participant ends with the key; the answer's token carries on.
        await endEarlierTokens(tx, row.assessor_id, ctx.now);
      }
      if (personal.kind === 'nameEmail') {
        await tx.query("update assessor set first_name = '', last_name = $2, email = $3 where id = $1", [row.assessor_id, personal.name, personal.email]);
        await tx.query('update group_member set personal_info_saved_at = $2 where id = $1', [member.id, new Date(ctx.now)]);
      } else {
        await tx.query('update group_member set field_values = $2::jsonb, personal_info_saved_at = $3 where id = $1', [
          member.id,
          JSON.stringify(personal.values),
          new Date(ctx.now),
        ]);
      }
      // The participant's language from here on (the e-mail and the pages they come back to).
      if (language) await tx.query('update assessment set ui_language = $2 where group_member_id = $1 and finished_at is null', [member.id, language]);
      // With an account the page shows the consent ticked and locked (spec §4).
      await recordConsent(tx, row.assessor_id, privacyText.version, row.key_hash === null ? 'ticked' : 'locked', ctx.now);
      return true;
    });
    if (!saved) {
      if (reservation) await releaseKeyChange(ctx, reservation);
      return Refusal.finished;
    }
    if (keyHash) void ctx.keys.strengthen(row.assessor_id);
    const mailed =
      keyHash && personal.kind === 'nameEmail' && personal.email !== '' && !groupVariant(variant).calls.sendAccessCode
        ? 'sent' in (await deliverAccessCode(ctx, member.id, personal.email, member.access_code, language ?? (await assessmentLanguage(ctx, row.assessment_id))))
        : undefined;

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
    // The welcome line: the name given (ra); the variants with additional fields ask for none.
    const username = personal.kind === 'nameEmail' ? personal.name : `${row.first_name} ${row.last_name}`.trim();
    return { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, token, username, ...(mailed !== undefined && { accessCodeMailed: mailed }) };
  };
}

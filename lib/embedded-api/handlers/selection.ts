import { DetailCode, StatusCode } from '@/lib/api/codes';
import type { Translation } from '@/lib/api/schemas/common';
import type { GroupVariant } from '@/lib/flows/groupVariants';
import { languageOf, type ApiAnswer, type ApiContext } from '../context';
import { isRefused, Refusal } from '../authority';
import { groupMemberHolder } from '../groups/holder';
import { chooseQuestionnaire, hasAnswers, questionnaireTitles, selectionEntries } from '../groups/selection';
import { localize } from '../questionnaires/definitions';
import { issueToken } from '../tokens';
import { translationsFor } from '../translations';
import { finishedPageInfo, FINISHED_CATEGORY } from './finishedPage';
import { withManualAccessCode } from './manualAccessCode';
import { publicPageInfo } from './pageinfo';

type PageBody = { token?: string; uiLanguage?: string; category?: string };

/**
 * pageinfo/<variant>/assessmentselection: the group code's questionnaires, each with its title in the
 * asked language; selectable when the group offers it and the participant has not finished it yet
 * (`finished` says which, so the page can tell why one is disabled). Preselected: the questionnaire
 * of the participant's current assessment when they have begun answering it, else the first one
 * they may choose. Only for a participant of this variant who saved personal info (groups/holder.ts).
 */
export function selectionPage(variant: GroupVariant) {
  return async function assessmentSelectionPage(body: PageBody, ctx: ApiContext): Promise<ApiAnswer> {
    const language = languageOf(body.uiLanguage);
    const translations = translationsFor(language);
    const participant = await groupMemberHolder(body.token, ctx, variant);
    if (isRefused(participant)) return { ...participant.refusal, translations };
    const { member, group } = participant;
    const [entries, titles] = await Promise.all([selectionEntries(ctx.db, member, group), questionnaireTitles(ctx.db, group, language)]);
    const open = entries.filter((e) => e.selectable);
    const [current] = member.current_assessment_id
      ? await ctx.db.query<{ questionnaire_key: string; finished: boolean }>('select questionnaire_key, finished_at is not null as finished from assessment where id = $1', [member.current_assessment_id])
      : [];
    const begun = current && !current.finished && (await hasAnswers(ctx.db, member.current_assessment_id!)) ? open.find((e) => e.entry.key === current.questionnaire_key) : undefined;
    return {
      statusCode: StatusCode.Ok,
      detailCode: DetailCode.NoDetails,
      translations,
      questionnaireSelections: entries.map((e) => ({
        id: e.id,
        questionnaireType: e.entry.questionnaireType,
        title: titles.get(e.entry.key) ?? e.entry.key,
        selectable: e.selectable,
        finished: e.finished,
      })),
      selectedQuestionnaireType: (begun ?? open[0])?.entry.questionnaireType ?? null,
    };
  };
}

/**
 * submit/<variant>/assessmentselection: the chosen questionnaire becomes the participant's current
 * assessment (./groups/selection.ts) and the answer carries a token for it, with assessmentType =
 * its questionnaireType (an account's assessorId kept). A choice that is not in the list or not
 * selectable is PostDataIsInvalid and changes nothing. Choosing again is harmless: the same
 * unfinished assessment comes back.
 */
export function submitSelection(variant: GroupVariant) {
  return async function submitAssessmentSelection(body: { selectedQuestionnaireId: number; type: number; token?: string }, ctx: ApiContext): Promise<ApiAnswer> {
    const participant = await groupMemberHolder(body.token, ctx, variant);
    if (isRefused(participant)) return participant.refusal;
    const { row, payload, member, group } = participant;
    const choice = await ctx.db.transaction((tx) => chooseQuestionnaire(tx, member.id, group, body.selectedQuestionnaireId, body.type));
    if ('invalid' in choice) return { statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.NoDetails, errorInfo: choice.invalid };
    const token = issueToken(
      {
        product: row.product as never,
        isLoggedIn: true,
        ...(payload.assessorId !== undefined && { assessorId: payload.assessorId }),
        assessmentType: choice.entry.questionnaireType,
        assessment: choice.assessmentId,
      },
      ctx,
    );
    return { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, token };
  };
}

/** The page-info category of /kodewinfo. */
export const KODEW_INFO_CATEGORY = 'kodewinfo';

/**
 * pageinfo: as publicPageInfo; with category 'kodewinfo' and a logged-in group participant's token,
 * the translations also hold, per questionnaire of their group code, `KodewInfoText_<questionnaireType>`
 * (the entry's info text, where it has one) and `KodewInfoTitle_<questionnaireType>` (its title).
 * /kodewinfo picks the pair of the token's assessmentType and falls back to the general KodewInfoText:
 * the embedded API decides the text, the page only picks it. /kodewinfo is beyond personal info:
 * a participant who has not saved it gets its refusal, the same as the selection's. With category
 * 'questionnairemanual', an ra participant's personal access code (./manualAccessCode.ts). With
 * category 'finishedquestionnaire', the finished page's (./finishedPage.ts).
 */
export async function generalPageInfo(body: PageBody, ctx: ApiContext): Promise<ApiAnswer> {
  if (body.category === FINISHED_CATEGORY) return finishedPageInfo(body, ctx);
  const answer = await withManualAccessCode(await publicPageInfo(body, ctx), body, ctx);
  if (body.category !== KODEW_INFO_CATEGORY || answer.statusCode !== StatusCode.Ok || !body.token) return answer;
  const participant = await groupMemberHolder(body.token, ctx, 'kodew');
  if (isRefused(participant)) return participant.refusal === Refusal.personalInfoFirst ? { ...participant.refusal, translations: answer.translations } : answer;
  const language = languageOf(body.uiLanguage);
  const titles = await questionnaireTitles(ctx.db, participant.group, language);
  const own: Translation[] = participant.group.questionnaires.flatMap((entry) => [
    { key: `KodewInfoTitle_${entry.questionnaireType}`, value: titles.get(entry.key) ?? entry.key },
    ...(entry.info ? [{ key: `KodewInfoText_${entry.questionnaireType}`, value: localize(entry.info, language) }] : []),
  ]);
  return { ...answer, translations: [...(answer.translations as Translation[]), ...own] };
}

import { StatusCode } from '@/lib/api/codes';
import { isMissing, type Translate } from '@/lib/i18n/translate';
import { errorPage, type GoTo, type Stay, type ToErrorPage } from './outcome';

/** An item of questionnaireSelections (spec §3); `finished` is the embedded API's addition. */
export type SelectionItem = { id: number; questionnaireType: number; title?: string | null; selectable?: boolean | null; finished?: boolean | null };

/**
 * The radio chosen when the page opens (spec §2): the selectable item of selectedQuestionnaireType,
 * else the first selectable one; undefined when none is selectable.
 */
export function preselectedId(items: ReadonlyArray<SelectionItem>, selectedType: number | null | undefined): number | undefined {
  const open = items.filter((item) => item.selectable === true);
  return (open.find((item) => item.questionnaireType === selectedType) ?? open[0])?.id;
}

/** Why an item cannot be chosen, for everyone to read (and screen readers to hear): the key of its text. */
export function unselectableReason(item: SelectionItem): 'SelectionFinished' | 'SelectionNotOffered' | undefined {
  if (item.selectable === true) return undefined;
  return item.finished === true ? 'SelectionFinished' : 'SelectionNotOffered';
}

/** Answers after which sending the choice again cannot help: the session is gone or the assessment done. */
const DEAD_SESSION: number[] = [StatusCode.TokenInvalid, StatusCode.TokenExpired, StatusCode.AssessmentAlreadyFinished];

/**
 * After the selection was sent (spec §4, §8). Ok with a logged-in token: on to /kodewinfo. The
 * spec's client only logs a failure; ours logs it too, and so that nobody is stuck on the page:
 * a session that is gone (token invalid or expired, assessment finished) goes to the error page,
 * whose login button leads back to /kodew; any other failure (a network blip, Exception, a choice
 * refused) keeps the page and its choice, says so, and the participant sends again.
 */
export function routeAfterSelection(
  response: { statusCode: number; detailCode: number; exceptionId?: string | null },
  claims: { isLoggedIn?: boolean | null } | undefined,
): GoTo<'/kodewinfo'> | ToErrorPage | Stay<'failed'> {
  if (response.statusCode === StatusCode.Ok && claims?.isLoggedIn === true) return { kind: 'go', to: '/kodewinfo' };
  if (DEAD_SESSION.includes(response.statusCode)) return errorPage(response);
  return { kind: 'stay', messageKey: 'failed' };
}

/**
 * The /kodewinfo title and text for the token's assessmentType (spec §2): the page info's
 * KodewInfoTitle_<type> and KodewInfoText_<type> where it has them (the upstream decides them),
 * else the general KodewInfoTitle and KodewInfoText.
 */
export function kodewInfoTexts(t: Translate, assessmentType: number | undefined): { title: string; text: string } {
  const own = (key: string) => {
    if (assessmentType === undefined) return t(key);
    const text = t(`${key}_${assessmentType}`);
    return isMissing(text) ? t(key) : text;
  };
  return { title: own('KodewInfoTitle'), text: own('KodewInfoText') };
}

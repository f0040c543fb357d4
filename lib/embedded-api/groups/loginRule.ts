import { DetailCode, StatusCode } from '@/lib/api/codes';
import type { GroupVariant } from '@/lib/flows/groupVariants';
import type { GroupCodeShape } from '@/lib/validation/groupCode';

/**
 * The outcomes of a group-code login (submit/<variant>/login), decided in this order:
 *
 * | what is true | verdict | answer | the page shows |
 * |---|---|---|---|
 * | the code is empty, of the wrong length or has other characters than letters and digits | malformed | AssessmentIdentCodeIsInvalid (detail UrlCodeIsEmpty, UrlCodeHasInvalidLength, UnknownAssessmentCode) | ErrorGroupCodeInvalid |
 * | the address has used up its unknown group codes | locked | Ok, not logged in, `locked` | ErrorGroupCodeLocked |
 * | no group code is written so | unknown | Ok, not logged in (the token speaks for nothing) | ErrorGroupCodeKey (the 10th time ErrorGroupCodeKeyFail) |
 * | the code belongs to another group flow | otherVariant | AssessmentDoesNotExist | ErrorPasswordInvalid |
 * | one of its questionnaires is not imported | notImported | AssessmentDoesNotExist | ErrorPasswordInvalid |
 * | the operator closed it | finished | AssessmentAlreadyFinished | ErrorGroupCodeFinished |
 * | it is past valid_until | expired | AssessmentIdentCodeIsExpired | ErrorGroupCodeExpired |
 * | this address started the limit's number of participants with it within the window | loginLimit | Ok, not logged in, `locked` | ErrorGroupCodeLocked |
 * | otherwise | ok | Ok, logged in: a new participant | on to the personal page |
 *
 * Malformed codes never reach the database and are not counted. Only unknown codes count as
 * failures: a known code of any kind is no guess that missed. A closed code is told as finished
 * even when it has expired as well: closing is the operator's own word that the session is over.
 */
export type GroupLoginVerdict = 'malformed' | 'locked' | 'unknown' | 'otherVariant' | 'notImported' | 'finished' | 'expired' | 'loginLimit' | 'ok';

/** What the database knows of a group code, as far as the verdict needs it. */
export type GroupCodeFacts = { variant: GroupVariant; closedAt: Date | null; validUntil: Date | null; questionnairesImported: boolean };

/** The verdict on a known group code for a login on the given variant's page, before the login limit. */
export function verdictOnGroupCode(group: GroupCodeFacts, variant: GroupVariant, now: number): 'otherVariant' | 'notImported' | 'finished' | 'expired' | 'ok' {
  if (group.variant !== variant) return 'otherVariant';
  if (!group.questionnairesImported) return 'notImported';
  if (group.closedAt) return 'finished';
  if (group.validUntil && new Date(group.validUntil).getTime() < now) return 'expired';
  return 'ok';
}

const MALFORMED_DETAIL: Record<Exclude<GroupCodeShape, 'ok'>, number> = {
  empty: DetailCode.UrlCodeIsEmpty,
  length: DetailCode.UrlCodeHasInvalidLength,
  characters: DetailCode.UnknownAssessmentCode,
};

export function malformedDetail(shape: Exclude<GroupCodeShape, 'ok'>): number {
  return MALFORMED_DETAIL[shape];
}

/**
 * How each verdict is answered: a status and detail, and for Ok whether the token logs in and
 * whether the answer says `locked`. A not-logged-in answer carries a token that speaks for nothing.
 */
export type VerdictAnswer = { statusCode: number; detailCode: number; token?: 'loggedIn' | 'notLoggedIn'; locked?: true };

export const VERDICT_ANSWERS: Record<Exclude<GroupLoginVerdict, 'malformed'>, VerdictAnswer> = {
  locked: { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, token: 'notLoggedIn', locked: true },
  unknown: { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, token: 'notLoggedIn' },
  otherVariant: { statusCode: StatusCode.AssessmentDoesNotExist, detailCode: DetailCode.NoExists },
  notImported: { statusCode: StatusCode.AssessmentDoesNotExist, detailCode: DetailCode.NoExists },
  finished: { statusCode: StatusCode.AssessmentAlreadyFinished, detailCode: DetailCode.NoDetails },
  expired: { statusCode: StatusCode.AssessmentIdentCodeIsExpired, detailCode: DetailCode.NoDetails },
  loginLimit: { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, token: 'notLoggedIn', locked: true },
  ok: { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, token: 'loggedIn' },
};

import { DetailCode, ExtraDetailCode, StatusCode } from '@/lib/api/codes';
import type { ApiAnswer, ApiContext } from './context';
import { issuedBeforeEnd } from './participantTokens';
import { isTokenFailure, revokedFailure, verifySignedToken, type RevocationReason, type TokenFailure, type TokenPayload } from './tokens';

/**
 * What the holder of a token may do: every handler asks here first (the embedded API decides, not
 * the gateway; the table of SECURITY.md lists the answers call by call). A refusal carries only a
 * status and a detail: nothing about the assessment or its people.
 */

/** The refusals of the table in SECURITY.md, in the spec's codes. */
export const Refusal = {
  /** No token where the call needs one. */
  noToken: { statusCode: StatusCode.TokenInvalid, detailCode: DetailCode.TokenIsEmpty },
  /** A token whose signature does not verify (forged, or signed with another secret). */
  forged: { statusCode: StatusCode.TokenInvalid, detailCode: DetailCode.TokenUnknown },
  expired: { statusCode: StatusCode.TokenExpired, detailCode: DetailCode.NoDetails },
  /** Signed out, used to finish its assessment, or issued before its participant signed out, changed the key or finished. */
  revoked: { statusCode: StatusCode.TokenInvalid, detailCode: DetailCode.TokenUnknown },
  /** A genuine token that does not allow this call (not logged in, registration not open). */
  notAllowed: { statusCode: StatusCode.TokenInvalid, detailCode: DetailCode.TokenUnknown },
  /** A genuine token that speaks for no assessment. */
  noAssessment: { statusCode: StatusCode.TokenInvalid, detailCode: DetailCode.UnknownAssessmentId },
  unknownAssessment: { statusCode: StatusCode.AssessmentDoesNotExist, detailCode: DetailCode.UnknownAssessmentId },
  /** The assessment is finished, or its group code closed by the operator (the group login tells a closed code as finished too). */
  finished: { statusCode: StatusCode.AssessmentAlreadyFinished, detailCode: DetailCode.NoDetails },
  /** Past the assessment's valid_until or its group code's: what the ident code and the group login answer then. */
  pastValidUntil: { statusCode: StatusCode.AssessmentIdentCodeIsExpired, detailCode: DetailCode.NoDetails },
  /** A group participant who has not saved the personal-info page yet (consent before content). */
  personalInfoFirst: { statusCode: StatusCode.TokenInvalid, detailCode: ExtraDetailCode.PersonalInfoFirst, errorInfo: 'personal info first' },
} as const satisfies Record<string, ApiAnswer>;

/** The assessment a token speaks for, with its assessor: what the handlers decide on. */
export type ParticipantRow = {
  assessment_id: number;
  product: number;
  questionnaire_key: string;
  /** The languages the assessment was last shown in (the personal-info page offers them again). */
  ui_language: string;
  questionnaire_language: string;
  candidate_title: string;
  candidate_first_name: string;
  candidate_last_name: string;
  candidate_pseudonym: string;
  is_self_assessment: boolean;
  first_login_done: boolean;
  finished_at: Date | null;
  assessor_id: number;
  first_name: string;
  last_name: string;
  email: string;
  is_registered: boolean;
  must_register: boolean;
  key_hash: string | null;
  /** The group participant this assessment belongs to (migration 5); null in the ident-code flow. */
  group_member_id: number | null;
  /** The questionnaireType chosen in a group flow (the token's assessmentType). */
  assessment_type: number | null;
  /** A group participant who has not saved the personal-info page yet; false in the ident-code flow. */
  personal_info_pending: boolean;
  /** The participant's tokens issued before it are refused (participantTokens.ts). */
  tokens_valid_after: Date | null;
  /** The group code's closing by the operator; null in the ident-code flow. */
  group_closed_at: Date | null;
  /** The earlier of the assessment's valid_until and its group code's; null when neither is set. */
  ends_at: Date | null;
};

export type Holder = { payload: TokenPayload; loggedIn: boolean; row: ParticipantRow };
export type Refused = { refusal: ApiAnswer; revokedFor?: RevocationReason };

export function isRefused<T extends object>(value: T | Refused): value is Refused {
  return 'refusal' in value;
}

function refusedFor(failure: TokenFailure): Refused {
  const refusal = { statusCode: failure.statusCode, detailCode: failure.detailCode };
  return failure.revokedFor ? { refusal, revokedFor: failure.revokedFor } : { refusal };
}

/**
 * Reads a token: its claims and the row of the assessment it speaks for (undefined when it speaks
 * for none, or for one that does not exist), or the refusal for a missing, garbled, forged, expired
 * or revoked one. The revocation and the row come in one statement: every call of a participant
 * asks this, so it is the statement the database answers most often.
 */
/** A token read: its claims and its assessment's row, or the refusal. */
export type ParticipantRead = { payload: TokenPayload; row?: ParticipantRow } | Refused;

async function readParticipant(token: string | undefined, ctx: ApiContext): Promise<ParticipantRead> {
  const reads = ctx.participantReads;
  if (!reads || token === undefined) return readParticipantAnew(token, ctx);
  let read = reads.get(token);
  if (!read) {
    read = readParticipantAnew(token, ctx);
    reads.set(token, read);
  }
  return read;
}

/** The read itself, for readParticipant: once per page-info call (ctx.participantReads), else every time. */
async function readParticipantAnew(token: string | undefined, ctx: ApiContext): Promise<ParticipantRead> {
  const signed = verifySignedToken(token, ctx.settings.tokenSecret, ctx.now);
  if (isTokenFailure(signed)) return refusedFor(signed);
  const assessmentId = typeof signed.assessment === 'number' ? signed.assessment : null;
  const [found] = await ctx.db.query<ParticipantRow & { revoked_for: RevocationReason | null }>(
    `select r.reason as revoked_for, p.* from (select 1) as one
       left join revoked_token r on r.jti = $1
       left join lateral (
         select a.id as assessment_id, a.product, a.questionnaire_key, a.ui_language, a.questionnaire_language, a.candidate_title, a.candidate_first_name, a.candidate_last_name,
                a.candidate_pseudonym, a.is_self_assessment, a.first_login_done, a.finished_at, a.group_member_id, a.assessment_type,
                s.id as assessor_id, s.first_name, s.last_name, s.email, s.is_registered, s.must_register, s.key_hash, s.tokens_valid_after,
                (m.id is not null and m.personal_info_saved_at is null) as personal_info_pending,
                g.closed_at as group_closed_at, least(a.valid_until, g.valid_until) as ends_at
           from assessment a join assessor s on s.id = a.assessor_id left join group_member m on m.id = a.group_member_id
           left join group_code g on g.id = m.group_code_id where a.id = $2) as p on true`,
    [signed.jti, assessmentId],
  );
  if (found?.revoked_for) return refusedFor(revokedFailure(found.revoked_for));
  if (!found || found.assessment_id === null) return { payload: signed };
  const { revoked_for: _revoked, ...row } = found;
  return { payload: signed, row };
}

/**
 * What a call needs of the token:
 * - 'assessment': any genuine token of a running assessment (the ident code's not-logged-in one too);
 * - 'loggedIn': a token that proved the access code, personal key or group code, and, for a group
 *   participant, the personal-info page saved: consent before content (SECURITY.md). Every call
 *   beyond that page asks here, so the rule holds for the calls of flows still to come as well;
 * - 'personalInfo': logged in, the personal-info page not necessarily saved: only that page's own
 *   calls (groups/holder.ts).
 */
export type Need = 'assessment' | 'loggedIn' | 'personalInfo';

/** A token that speaks for an assessment that still runs, and holds what the call needs. */
export async function holderOf(token: string | undefined, ctx: ApiContext, need: Need): Promise<Holder | Refused> {
  const read = await readParticipant(token, ctx);
  if (isRefused(read)) return read;
  const { payload, row } = read;
  if (typeof payload.assessment !== 'number') return { refusal: Refusal.noAssessment };
  if (!row) return { refusal: Refusal.unknownAssessment };
  const ended = endedFor(payload, row, ctx.now);
  if (ended) return { refusal: ended };
  const loggedIn = payload.isLoggedIn === true;
  if (need !== 'assessment' && !loggedIn) return { refusal: Refusal.notAllowed };
  if (need === 'loggedIn' && row.personal_info_pending) return { refusal: Refusal.personalInfoFirst };
  return { payload, loggedIn, row };
}

/**
 * What ends a token on every call, checked where the holder is resolved: the assessment finished
 * or its group code closed (told as finished, like the login does), past valid_until, or the token
 * issued before its participant signed out, changed the key or finished. The first two come first:
 * a participant whose assessment is over learns that, whichever of their tokens they hold.
 */
function endedFor(payload: TokenPayload, row: ParticipantRow, now: number): ApiAnswer | undefined {
  if (row.finished_at || row.group_closed_at) return Refusal.finished;
  if (row.ends_at && new Date(row.ends_at).getTime() < now) return Refusal.pastValidUntil;
  if (issuedBeforeEnd(payload, row.tokens_valid_after)) return Refusal.revoked;
  return undefined;
}

/**
 * Page-info loads that need no token: none is fine; one that is sent must still be genuine and
 * its assessment must still run, so that a stale cookie leads to the error page, not onwards.
 */
export async function optionalHolder(token: string | undefined, ctx: ApiContext): Promise<Refused | undefined> {
  const read = await optionalParticipant(token, ctx);
  return isRefused(read) ? read : undefined;
}

/**
 * The same, for a page whose texts depend on who holds the token (/accesscode asks a group
 * participant for their personal key): the assessment's row when a genuine token speaks for one.
 */
export async function optionalParticipant(token: string | undefined, ctx: ApiContext): Promise<Refused | { row?: ParticipantRow }> {
  if (!token) return {};
  const read = await readParticipant(token, ctx);
  if (isRefused(read)) return read;
  const { payload, row } = read;
  if (!row) return {};
  const ended = endedFor(payload, row, ctx.now);
  return ended ? { refusal: ended } : { row };
}

/**
 * Registration (spec §6: only when the assessor must register), and only until it is done:
 * - 'withData': a logged-in holder sees and changes the assessor's data and key;
 * - 'blank': the ident code's not-logged-in holder may register an assessor who has no key yet
 *   (nothing to take over), and sees none of the data an operator may have stored;
 * - 'none': everything else, in particular a not-logged-in holder once a key exists.
 */
export function registrationRight(holder: Holder): 'withData' | 'blank' | 'none' {
  if (!holder.row.must_register) return 'none';
  if (holder.loggedIn) return 'withData';
  return mayRegisterWithIdentCode(holder.row.must_register, holder.row.key_hash !== null) ? 'blank' : 'none';
}

/** Whether the ident code's not-logged-in holder may register: the assessor must, and has no key to take over. */
export function mayRegisterWithIdentCode(mustRegister: boolean, hasKey: boolean): boolean {
  return mustRegister && !hasKey;
}

import { StatusCode } from '@/lib/api/codes';
import { malformedDetail, verdictOnGroupCode, VERDICT_ANSWERS, type GroupCodeFacts } from './loginRule';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const open: GroupCodeFacts = { variant: 'kodew', closedAt: null, validUntil: null, questionnairesImported: true };
const past = new Date(NOW - 1);
const future = new Date(NOW + 3600_000);

describe('the verdict on a known group code (the order of groups/loginRule.ts)', () => {
  it.each<[string, GroupCodeFacts, ReturnType<typeof verdictOnGroupCode>]>([
    ['open, no end', open, 'ok'],
    ['valid until later', { ...open, validUntil: future }, 'ok'],
    ['valid until this very moment', { ...open, validUntil: new Date(NOW) }, 'ok'],
    ['past valid_until', { ...open, validUntil: past }, 'expired'],
    ['closed', { ...open, closedAt: past }, 'finished'],
    ['closed and expired: closed wins', { ...open, closedAt: past, validUntil: past }, 'finished'],
    ['questionnaires not imported', { ...open, questionnairesImported: false }, 'notImported'],
    ['not imported and closed: not there wins', { ...open, questionnairesImported: false, closedAt: past }, 'notImported'],
    ['another group flow', { ...open, variant: 'ra' }, 'otherVariant'],
    ['another flow, closed and expired: the flow wins', { variant: 'kodegroupcode', closedAt: past, validUntil: past, questionnairesImported: false }, 'otherVariant'],
  ])('%s → %s', (_name, facts, verdict) => {
    expect(verdictOnGroupCode(facts, 'kodew', NOW)).toBe(verdict);
  });
});

describe('how each verdict is answered (spec §8 names the page’s message)', () => {
  it.each([
    ['unknown', { statusCode: StatusCode.Ok, token: 'notLoggedIn' }],
    ['locked', { statusCode: StatusCode.Ok, token: 'notLoggedIn', locked: true }],
    ['loginLimit', { statusCode: StatusCode.Ok, token: 'notLoggedIn', locked: true }],
    ['otherVariant', { statusCode: StatusCode.AssessmentDoesNotExist }],
    ['notImported', { statusCode: StatusCode.AssessmentDoesNotExist }],
    ['finished', { statusCode: StatusCode.AssessmentAlreadyFinished }],
    ['expired', { statusCode: StatusCode.AssessmentIdentCodeIsExpired }],
    ['ok', { statusCode: StatusCode.Ok, token: 'loggedIn' }],
  ] as const)('%s → %j', (verdict, expected) => {
    const answer = VERDICT_ANSWERS[verdict];
    expect(answer).toMatchObject(expected);
    // Only Ok answers carry a token; refusals carry none.
    expect(answer.token !== undefined).toBe(answer.statusCode === StatusCode.Ok);
  });

  it('a malformed code is AssessmentIdentCodeIsInvalid with the detail of what is wrong', () => {
    expect([malformedDetail('empty'), malformedDetail('length'), malformedDetail('characters')]).toEqual([1, 2, 6]);
  });
});

import { outcomeAfterSendAccessCode } from './accessCodeEmail';

const MANUAL = '/kodewquestionnairemanual';
const loggedIn = { isLoggedIn: true };

describe('outcomeAfterSendAccessCode (spec §4 E-mail step, §8)', () => {
  it.each([
    ['Ok with a logged-in token: on to the manual', { statusCode: 1, detailCode: 0 }, loggedIn, { kind: 'go', to: MANUAL }],
    ['Ok without a logged-in token: an error', { statusCode: 1, detailCode: 0 }, { isLoggedIn: false }, { kind: 'modal', messageKey: 'Exception' }],
    ['Ok without any token: an error', { statusCode: 1, detailCode: 0 }, undefined, { kind: 'modal', messageKey: 'Exception' }],
    ['SMTP down (12/22)', { statusCode: 12, detailCode: 22 }, loggedIn, { kind: 'modal', messageKey: 'SendAccessCodeFailed' }],
    ['SMTP refusing (12/21)', { statusCode: 12, detailCode: 21 }, loggedIn, { kind: 'modal', messageKey: 'SendAccessCodeFailed' }],
    ['the hourly limit (12/102)', { statusCode: 12, detailCode: 102 }, loggedIn, { kind: 'modal', messageKey: 'SendAccessCodeLimitError' }],
    ['a refused token (3/23)', { statusCode: 3, detailCode: 23 }, loggedIn, { kind: 'modal', messageKey: 'ErrorCodeMsg_TokenInvalid' }],
    ['an invalid body (5/0)', { statusCode: 5, detailCode: 0 }, loggedIn, { kind: 'modal', messageKey: 'ErrorCodeMsg_PostDataIsInvalid' }],
    ['finished meanwhile (9/0)', { statusCode: 9, detailCode: 0 }, loggedIn, { kind: 'modal', messageKey: 'ErrorCodeMsg_AssessmentAlreadyFinished' }],
    ['a status the spec does not know', { statusCode: 77, detailCode: 0 }, loggedIn, { kind: 'modal', messageKey: 'Exception' }],
    ['an Exception answer keeps its id', { statusCode: 13, detailCode: 24, exceptionId: 'ABC123' }, loggedIn, { kind: 'modal', messageKey: 'Exception', exceptionId: 'ABC123' }],
    ['a transport failure', { statusCode: 13, detailCode: 24, transportFailed: true }, loggedIn, { kind: 'modal', messageKey: 'Exception' }],
  ])('%s', (_label, response, claims, expected) => {
    expect(outcomeAfterSendAccessCode(response, claims, MANUAL)).toEqual(expected);
  });
});

import { outcomeAfterSendAccessCode } from './accessCodeEmail';

const MANUAL = '/kodewquestionnairemanual';
const loggedIn = { isLoggedIn: true };

describe('outcomeAfterSendAccessCode (spec §4 E-mail step, §8)', () => {
  it.each([
    ['Ok with a logged-in token: on to the manual', { statusCode: 1, detailCode: 0 }, loggedIn, { kind: 'go', to: MANUAL }],
    ['Ok without a logged-in token: an error', { statusCode: 1, detailCode: 0 }, { isLoggedIn: false }, { kind: 'error', message: { kind: 'exception' } }],
    ['Ok without any token: an error', { statusCode: 1, detailCode: 0 }, undefined, { kind: 'error', message: { kind: 'exception' } }],
    ['SMTP down (12/22)', { statusCode: 12, detailCode: 22 }, loggedIn, { kind: 'error', message: { kind: 'text', key: 'SendAccessCodeFailed' } }],
    ['SMTP refusing (12/21)', { statusCode: 12, detailCode: 21 }, loggedIn, { kind: 'error', message: { kind: 'text', key: 'SendAccessCodeFailed' } }],
    ['the hourly limit (12/102)', { statusCode: 12, detailCode: 102 }, loggedIn, { kind: 'error', message: { kind: 'text', key: 'SendAccessCodeLimitError' } }],
    ['a refused token (3/23)', { statusCode: 3, detailCode: 23 }, loggedIn, { kind: 'error', message: { kind: 'text', key: 'ErrorCodeMsg_TokenInvalid' } }],
    ['an invalid body (5/0)', { statusCode: 5, detailCode: 0 }, loggedIn, { kind: 'error', message: { kind: 'text', key: 'ErrorCodeMsg_PostDataIsInvalid' } }],
    ['finished meanwhile (9/0)', { statusCode: 9, detailCode: 0 }, loggedIn, { kind: 'error', message: { kind: 'text', key: 'ErrorCodeMsg_AssessmentAlreadyFinished' } }],
    ['a status the spec does not know', { statusCode: 77, detailCode: 0 }, loggedIn, { kind: 'error', message: { kind: 'exception' } }],
    ['an Exception answer keeps its id', { statusCode: 13, detailCode: 24, exceptionId: 'ABC123' }, loggedIn, { kind: 'error', message: { kind: 'exception', exceptionId: 'ABC123' } }],
    ['a transport failure', { statusCode: 13, detailCode: 24, transportFailed: true }, loggedIn, { kind: 'error', message: { kind: 'exception' } }],
  ])('%s', (_label, response, claims, expected) => {
    expect(outcomeAfterSendAccessCode(response, claims, MANUAL)).toEqual(expected);
  });
});

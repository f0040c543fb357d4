import { StatusCode } from '@/lib/api/codes';
import { MAX_CODE_FAILURES, routeAfterAccessCodeLogin } from './accessCode';

const ok = (extra: object = {}) => ({ statusCode: StatusCode.Ok, detailCode: 0, ...extra });

describe('routing after an access-code login (spec §4)', () => {
  it.each([
    ['must register', ok({ assessorMustRegister: true, isFirstLogin: true }), '/register'],
    ['first login', ok({ isFirstLogin: true, hasAnsweredSomeQuestions: true }), '/accesspassword'],
    ['answered some', ok({ hasAnsweredSomeQuestions: true }), '/questionnaire'],
    ['nothing answered', ok(), '/questionnairemanual'],
  ])('%s → %s', (_name, response, to) => {
    expect(routeAfterAccessCodeLogin(response, true, 0)).toEqual({ kind: 'go', to });
  });

  it('a non-Ok status goes to the error page with its codes', () => {
    expect(routeAfterAccessCodeLogin({ statusCode: StatusCode.Exception, detailCode: 24, exceptionId: 'ABC' }, false, 0)).toEqual({
      kind: 'errorPage',
      error: { statusCode: 13, detailCode: 24, exceptionId: 'ABC' },
    });
  });

  it('a wrong code opens the modal; the tenth clears the field with the stronger message', () => {
    let failures = 0;
    for (let attempt = 1; attempt < MAX_CODE_FAILURES; attempt++) {
      const outcome = routeAfterAccessCodeLogin(ok(), false, failures);
      expect(outcome).toEqual({ kind: 'modal', messageKey: 'ErrorAccessCodeKey', clearField: false, failures: attempt });
      failures = attempt;
    }
    expect(routeAfterAccessCodeLogin(ok(), false, failures)).toEqual({ kind: 'modal', messageKey: 'ErrorAccessCodeKeyFail', clearField: true, failures: 0 });
  });

  it('a locked assessment tells the participant, even with the right code', () => {
    expect(routeAfterAccessCodeLogin(ok({ locked: true }), false, 3)).toEqual({ kind: 'modal', messageKey: 'ErrorAccessCodeLocked' });
  });
});

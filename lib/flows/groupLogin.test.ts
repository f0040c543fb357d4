import { StatusCode } from '@/lib/api/codes';
import { MAX_CODE_FAILURES } from './accessCode';
import { routeAfterGroupLogin } from './groupLogin';
import { GROUP_VARIANTS, groupVariant } from './groupVariants';

const kodew = groupVariant('kodew');
const ok = (extra: object = {}) => ({ statusCode: StatusCode.Ok, detailCode: 0, ...extra });

describe('after a group-code login (spec §4, §8)', () => {
  it.each(GROUP_VARIANTS)('logged in: on to the personal page of %s', (variant) => {
    const row = groupVariant(variant);
    expect(routeAfterGroupLogin(ok(), true, 3, row)).toEqual({ kind: 'go', to: row.routes.personal });
  });

  it('kodegroupcode: on to the page the answer names, when it is one of the flow’s', () => {
    const kgc = groupVariant('kodegroupcode');
    expect(routeAfterGroupLogin(ok({ nextPage: '/kodegroupcodemanual' }), true, 0, kgc)).toEqual({ kind: 'go', to: '/kodegroupcodemanual' });
    expect(routeAfterGroupLogin(ok({ nextPage: 'https://evil.example' }), true, 0, kgc)).toEqual({ kind: 'go', to: '/kodegroupcodepersonal' });
    // Not logged in, a named page changes nothing: the wrong-code message.
    expect(routeAfterGroupLogin(ok({ nextPage: '/questionnaire' }), false, 0, kgc)).toMatchObject({ kind: 'modal', messageKey: 'ErrorGroupCodeKey' });
  });

  it.each([
    [StatusCode.AssessmentDoesNotExist, 'ErrorPasswordInvalid'],
    [StatusCode.AssessmentIdentCodeIsInvalid, 'ErrorGroupCodeInvalid'],
    [StatusCode.AssessmentIdentCodeIsExpired, 'ErrorGroupCodeExpired'],
    [StatusCode.AssessmentAlreadyFinished, 'ErrorGroupCodeFinished'],
  ])('status %i opens the modal with %s; the count of wrong codes stays', (statusCode, messageKey) => {
    expect(routeAfterGroupLogin({ statusCode, detailCode: 0 }, false, 4, kodew)).toEqual({ kind: 'modal', messageKey, clearField: false, failures: 4 });
  });

  it.each([
    [StatusCode.Exception, 24, 'ABC123'],
    [StatusCode.TokenInvalid, 23, undefined],
    [StatusCode.PostDataIsInvalid, 19, undefined],
    [StatusCode.Undefined, 0, undefined],
  ])('any other status (%i/%i) goes to the error page', (statusCode, detailCode, exceptionId) => {
    expect(routeAfterGroupLogin({ statusCode, detailCode, exceptionId }, false, 0, kodew)).toEqual({ kind: 'errorPage', error: { statusCode, detailCode, exceptionId } });
  });

  it('a wrong code opens the modal; the tenth clears the field with the stronger message and starts the count again', () => {
    let failures = 0;
    for (let attempt = 1; attempt < MAX_CODE_FAILURES; attempt++) {
      const outcome = routeAfterGroupLogin(ok(), false, failures, kodew);
      expect(outcome).toEqual({ kind: 'modal', messageKey: 'ErrorGroupCodeKey', clearField: false, failures: attempt });
      failures = attempt;
    }
    expect(routeAfterGroupLogin(ok(), false, failures, kodew)).toEqual({ kind: 'modal', messageKey: 'ErrorGroupCodeKeyFail', clearField: true, failures: 0 });
    expect(routeAfterGroupLogin(ok(), false, 0, kodew)).toMatchObject({ messageKey: 'ErrorGroupCodeKey', failures: 1 });
  });

  it('refused by the server’s limits: the locked message, even for the right code, and no failure counted', () => {
    expect(routeAfterGroupLogin(ok({ locked: true }), false, 2, kodew)).toEqual({ kind: 'modal', messageKey: 'ErrorGroupCodeLocked', clearField: false, failures: 2 });
  });
});

import { DetailCode, StatusCode } from '@/lib/api/codes';
import { routeAfterIdentCode } from './identCode';
import { finishErrorText, routeAfterFinish } from './finish';

describe('routing after the ident code (spec §4)', () => {
  it.each([
    [{ statusCode: StatusCode.Ok, detailCode: 0, assessorMustRegister: true }, { kind: 'go', to: '/register' }],
    [{ statusCode: StatusCode.Ok, detailCode: 0, assessorMustRegister: false }, { kind: 'go', to: '/accesscode' }],
    [{ statusCode: StatusCode.AssessmentAlreadyFinished, detailCode: 0 }, { kind: 'errorPage', error: { statusCode: 9, detailCode: 0 } }],
    [
      { statusCode: StatusCode.AssessmentIdentCodeIsInvalid, detailCode: DetailCode.UrlCodeHasInvalidLength },
      { kind: 'errorPage', error: { statusCode: 6, detailCode: 2 } },
    ],
    [{ statusCode: StatusCode.Exception, detailCode: 24, exceptionId: 'X1' }, { kind: 'errorPage', error: { statusCode: 13, detailCode: 24, exceptionId: 'X1' } }],
  ])('%j → %j', (response, outcome) => {
    expect(routeAfterIdentCode(response)).toEqual(outcome);
  });

  it.each([
    [
      { statusCode: StatusCode.AssessmentIdentCodeIsInvalid, detailCode: DetailCode.UnknownAssessmentCode },
      { kind: 'errorPage', error: { statusCode: 6, detailCode: 6, codeTyped: true } },
    ],
    [{ statusCode: StatusCode.Ok, detailCode: 0, assessorMustRegister: false }, { kind: 'go', to: '/accesscode' }],
  ])('a typed code: %j → %j (the error page knows it was typed)', (response, outcome) => {
    expect(routeAfterIdentCode(response, { typed: true })).toEqual(outcome);
  });
});

describe('after finishing (spec §4, §8)', () => {
  it.each([
    [{ statusCode: 1, detailCode: 0, logout: true }, { kind: 'go', to: '/finishedquestionnaire' }],
    [{ statusCode: 1, detailCode: 0, logout: false }, { kind: 'go', to: '/kodewquestionnaireselection' }],
    [{ statusCode: 3, detailCode: 17 }, { kind: 'modal', messageKey: 'ModalErrorText', status: 3, detail: 17 }],
  ])('%j → %j', (response, outcome) => {
    expect(routeAfterFinish(response)).toEqual(outcome);
  });

  it('inserts the codes as status / detail', () => {
    expect(finishErrorText('Fehler beim Abschließen ({codes}).', 13, 24)).toBe('Fehler beim Abschließen (13 / 24).');
    expect(finishErrorText('Fehler beim Abschließen.', 3, 17)).toBe('Fehler beim Abschließen. 3 / 17');
  });
});

import { DetailCode, StatusCode } from '@/lib/api/codes';
import { routeAfterIdentCode } from './identCode';
import { finishErrorText, routeAfterFinish } from './finish';

describe('routing after the ident code (spec §4)', () => {
  it.each([
    [{ statusCode: StatusCode.Ok, detailCode: 0, assessorMustRegister: true }, '/register'],
    [{ statusCode: StatusCode.Ok, detailCode: 0, assessorMustRegister: false }, '/accesscode'],
    [{ statusCode: StatusCode.AssessmentAlreadyFinished, detailCode: 0 }, '/error?statusCode=9&detailCode=0'],
    [{ statusCode: StatusCode.AssessmentIdentCodeIsInvalid, detailCode: DetailCode.UrlCodeHasInvalidLength }, '/error?statusCode=6&detailCode=2'],
    [{ statusCode: StatusCode.Exception, detailCode: 24, exceptionId: 'X1' }, '/error?statusCode=13&detailCode=24&exceptionId=X1'],
  ])('%j → %s', (response, goTo) => {
    expect(routeAfterIdentCode(response)).toEqual({ goTo });
  });

  it.each([
    [{ statusCode: StatusCode.AssessmentIdentCodeIsInvalid, detailCode: DetailCode.UnknownAssessmentCode }, '/error?statusCode=6&detailCode=6&typed=1'],
    [{ statusCode: StatusCode.Ok, detailCode: 0, assessorMustRegister: false }, '/accesscode'],
  ])('a typed code: %j → %s (the error page knows it was typed)', (response, goTo) => {
    expect(routeAfterIdentCode(response, { typed: true })).toEqual({ goTo });
  });
});

describe('after finishing (spec §4, §8)', () => {
  it.each([
    [{ statusCode: 1, detailCode: 0, logout: true }, { kind: 'go', to: '/finishedquestionnaire', resetStartIndex: false }],
    [{ statusCode: 1, detailCode: 0, logout: false }, { kind: 'go', to: '/kodewquestionnaireselection', resetStartIndex: true }],
    [{ statusCode: 3, detailCode: 17 }, { kind: 'error', status: 3, detail: 17 }],
  ])('%j → %j', (response, outcome) => {
    expect(routeAfterFinish(response)).toEqual(outcome);
  });

  it('inserts the codes as status / detail', () => {
    expect(finishErrorText('Fehler beim Abschließen ({codes}).', 13, 24)).toBe('Fehler beim Abschließen (13 / 24).');
    expect(finishErrorText('Fehler beim Abschließen.', 3, 17)).toBe('Fehler beim Abschließen. 3 / 17');
  });
});

import { destination, errorPage, exceptionModal, type Outcome } from './outcome';
import { modalText, statusModal } from './outcomeMessages';

describe('destination: where an outcome leaves for', () => {
  it.each<[Outcome, string | undefined]>([
    [{ kind: 'go', to: '/accesscode' }, '/accesscode'],
    [errorPage({ statusCode: 9, detailCode: 0 }), '/error?statusCode=9&detailCode=0'],
    [errorPage({ statusCode: 13, detailCode: 24, exceptionId: 'X1' }), '/error?statusCode=13&detailCode=24&exceptionId=X1'],
    [errorPage({ statusCode: 6, detailCode: 6 }, { codeTyped: true }), '/error?statusCode=6&detailCode=6&typed=1'],
    [errorPage({ statusCode: 3, detailCode: 23, exceptionId: null }), '/error?statusCode=3&detailCode=23'],
    [{ kind: 'modal', messageKey: 'saveFailed' }, undefined],
    [{ kind: 'stay', messageKey: 'failed' }, undefined],
    [{ kind: 'done' }, undefined],
  ])('%j → %p', (outcome, to) => {
    expect(destination(outcome)).toBe(to);
  });
});

describe('statusModal: the common error display', () => {
  it.each([
    ['a transport failure', { statusCode: 5, transportFailed: true }, { kind: 'modal', messageKey: 'Exception' }],
    ['an Exception keeps its id', { statusCode: 13, detailCode: 24, exceptionId: 'E1' }, { kind: 'modal', messageKey: 'Exception', exceptionId: 'E1' }],
    ['a status the spec names', { statusCode: 3, detailCode: 23 }, { kind: 'modal', messageKey: 'ErrorCodeMsg_TokenInvalid' }],
    ['a status it does not', { statusCode: 77 }, { kind: 'modal', messageKey: 'Exception' }],
  ])('%s', (_label, response, expected) => {
    expect(statusModal(response)).toEqual(expected);
  });
});

describe('modalText', () => {
  const internal = 'Internal error. Detail code: {id}';
  const texts = { saveFailed: 'Not saved.' };
  it.each([
    ['the form’s text for the key', { messageKey: 'saveFailed' }, 'Not saved.'],
    ['the Exception with its id', exceptionModal({ exceptionId: 'E7' }), 'Internal error. Detail code: E7'],
    ['the Exception without one', exceptionModal(), 'Internal error. Detail code: '],
    ['a key the form has no text for', { messageKey: 'ErrorCodeMsg_Undefined' }, 'Internal error. Detail code: '],
    ['a key of the object prototype is no text', { messageKey: 'constructor' }, 'Internal error. Detail code: '],
  ])('%s', (_label, outcome, text) => {
    expect(modalText(outcome, texts, internal)).toBe(text);
  });
});

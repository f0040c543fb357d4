import { DetailCode, StatusCode } from '@/lib/api/codes';
import type { Outcome } from './outcome';
import { afterPageTurn, fieldErrorsOf, startPageTurn } from './pageTurn';

const MESSAGE = 'Bitte beantworten Sie die Frage.';

/** Page 2 of 3 with four questions a page (5–8): back to 1, next to 9. */
const middle = { prevNavButtonQuestionStartIndex: 1, nextNavButtonQuestionStartIndex: 9, questions: [{ questionIndex: 5 }, { questionIndex: 6 }] };
const first = { prevNavButtonQuestionStartIndex: null, nextNavButtonQuestionStartIndex: 5, questions: [{ questionIndex: 1 }] };
const last = { prevNavButtonQuestionStartIndex: 5, nextNavButtonQuestionStartIndex: null, questions: [{ questionIndex: 9 }] };
const empty = { questions: null };

describe('pressing Next or Previous, before anything is sent', () => {
  it.each<[string, Parameters<typeof startPageTurn>[0], { forward: boolean; refused: number[]; changed: boolean }, unknown]>([
    ['next, all answered', middle, { forward: true, refused: [], changed: true }, { kind: 'send', questionStartIndex: 9, saves: true }],
    ['next, nothing changed: still saved', middle, { forward: true, refused: [], changed: false }, { kind: 'send', questionStartIndex: 9, saves: true }],
    ['next on the last page: its own start, saved', last, { forward: true, refused: [], changed: false }, { kind: 'send', questionStartIndex: 9, saves: true }],
    ['next on a page without questions: page 1', empty, { forward: true, refused: [], changed: false }, { kind: 'send', questionStartIndex: 1, saves: true }],
    ['back, changed: saved', middle, { forward: false, refused: [], changed: true }, { kind: 'send', questionStartIndex: 1, saves: true }],
    ['back, left as it came: nothing saved', middle, { forward: false, refused: [], changed: false }, { kind: 'send', questionStartIndex: 1, saves: false }],
    ['back on the first page', first, { forward: false, refused: [], changed: true }, { kind: 'none' }],
    ['back with no previous page named', empty, { forward: false, refused: [], changed: true }, { kind: 'none' }],
    ['next, two refused', middle, { forward: true, refused: [12, 11], changed: true }, { kind: 'stay', messageKey: 'ErrorAnswersInvalid', errors: new Map([[12, MESSAGE], [11, MESSAGE]]) }],
    ['back, one refused', middle, { forward: false, refused: [11], changed: true }, { kind: 'stay', messageKey: 'ErrorAnswersInvalid', errors: new Map([[11, MESSAGE]]) }],
    ['back on the first page, refused: the errors still show', first, { forward: false, refused: [3], changed: true }, { kind: 'stay', messageKey: 'ErrorAnswersInvalid', errors: new Map([[3, MESSAGE]]) }],
  ])('%s', (_name, page, turn, outcome) => {
    expect(startPageTurn(page, { ...turn, message: MESSAGE })).toEqual(outcome);
  });

  it('names the refused questions in the order given, so that focus goes to the first', () => {
    const start = startPageTurn(middle, { forward: true, refused: [7, 5, 6], changed: true, message: MESSAGE });
    expect(start.kind === 'stay' && [...start.errors.keys()]).toEqual([7, 5, 6]);
  });
});

const ok = { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails };
const question = (id: number, extra: { isInvalid?: boolean | null; errorMessage?: string | null } = {}) => ({ id, ...extra });
const translations = [{ key: 'PageOf', value: 'Seite {current} von {total}' }];

describe('the answer to a page turn', () => {
  it.each<[string, Parameters<typeof afterPageTurn>[0], boolean, unknown]>([
    ['lost on the way', { ...ok, transportFailed: true }, true, { kind: 'stay', messageKey: 'SaveFailed' }],
    ['Exception', { statusCode: StatusCode.Exception, detailCode: DetailCode.Exception }, true, { kind: 'stay', messageKey: 'SaveFailed' }],
    ['Exception, going back', { statusCode: StatusCode.Exception, detailCode: DetailCode.Exception, exceptionId: 'abc' }, false, { kind: 'stay', messageKey: 'SaveFailed' }],
    [
      'TokenExpired',
      { statusCode: StatusCode.TokenExpired, detailCode: DetailCode.NoDetails },
      true,
      { kind: 'errorPage', error: { statusCode: StatusCode.TokenExpired, detailCode: DetailCode.NoDetails, exceptionId: undefined } },
    ],
    [
      'AssessmentAlreadyFinished with an exception id',
      { statusCode: StatusCode.AssessmentAlreadyFinished, detailCode: 7, exceptionId: 'e-1' },
      false,
      { kind: 'errorPage', error: { statusCode: StatusCode.AssessmentAlreadyFinished, detailCode: 7, exceptionId: 'e-1' } },
    ],
    [
      'PostDataIsInvalid, exception id null',
      { statusCode: StatusCode.PostDataIsInvalid, detailCode: 0, exceptionId: null },
      true,
      { kind: 'errorPage', error: { statusCode: StatusCode.PostDataIsInvalid, detailCode: 0, exceptionId: undefined } },
    ],
    ['a conflict going forward', { ...ok, conflict: true }, true, { kind: 'modal', messageKey: 'conflictText', page: { ...ok, conflict: true, translations: [] }, retry: 'forward' }],
    ['a conflict going back', { ...ok, conflict: true, translations }, false, { kind: 'modal', messageKey: 'conflictText', page: { ...ok, conflict: true, translations: [] }, retry: 'back' }],
    [
      'a conflict wins over the questions’ messages',
      { ...ok, conflict: true, questions: [question(1, { isInvalid: true })] },
      true,
      { kind: 'modal', messageKey: 'conflictText', page: { ...ok, conflict: true, questions: [question(1, { isInvalid: true })], translations: [] }, retry: 'forward' },
    ],
    [
      'questions the server refused: its messages, the fallback where it gave none',
      { ...ok, questions: [question(1), question(2, { isInvalid: true }), question(3, { errorMessage: 'Zu hoch' })] },
      true,
      { kind: 'stay', messageKey: 'ErrorAnswersInvalid', errors: new Map([[2, MESSAGE], [3, 'Zu hoch']]) },
    ],
    ['the next page', { ...ok, questions: [question(5)], translations }, true, { kind: 'done', page: { ...ok, questions: [question(5)], translations: [] }, confirmFinish: false }],
    ['the previous page', { ...ok, questions: [question(1)], canFinish: false }, false, { kind: 'done', page: { ...ok, questions: [question(1)], canFinish: false, translations: [] }, confirmFinish: false }],
    ['the page after the last: finish is offered', { ...ok, canFinish: true }, true, { kind: 'done', page: { ...ok, canFinish: true, translations: [] }, confirmFinish: true }],
    ['canFinish on a page that came back refused: the errors first', { ...ok, canFinish: true, questions: [question(4, { isInvalid: true })] }, true, { kind: 'stay', messageKey: 'ErrorAnswersInvalid', errors: new Map([[4, MESSAGE]]) }],
  ])('%s', (_name, response, forward, outcome) => {
    // Every answer is one of the app's outcomes, which the forms act on alike.
    const turned: Outcome = afterPageTurn(response, forward, MESSAGE);
    expect(turned).toEqual(outcome);
  });
});

describe('the messages a page brings', () => {
  it.each<[string, Parameters<typeof fieldErrorsOf>[0], Array<[number, string]>]>([
    ['no questions', { questions: null }, []],
    ['none marked', { questions: [question(1), question(2, { isInvalid: false, errorMessage: '' })] }, []],
    ['marked without a text', { questions: [question(1, { isInvalid: true, errorMessage: null })] }, [[1, MESSAGE]]],
    ['a text without the mark', { questions: [question(1, { errorMessage: 'Fehlt' })] }, [[1, 'Fehlt']]],
  ])('%s', (_name, page, errors) => {
    expect([...fieldErrorsOf(page, MESSAGE)]).toEqual(errors);
  });
});

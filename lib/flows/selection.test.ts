import { translator } from '@/lib/i18n/translate';
import { kodewInfoTexts, preselectedId, routeAfterSelection, unselectableReason, type SelectionItem } from './selection';

const ITEMS: SelectionItem[] = [
  { id: 1, questionnaireType: 1, title: 'Strengths', selectable: true, finished: false },
  { id: 2, questionnaireType: 2, title: 'Motivation', selectable: true, finished: false },
  { id: 3, questionnaireType: 3, title: 'Leadership', selectable: false, finished: false },
];
const finishedFirst = ITEMS.map((item) => (item.id === 1 ? { ...item, selectable: false, finished: true } : item));

describe('preselectedId (spec §2: selectedQuestionnaireType preselected)', () => {
  it.each<[string, SelectionItem[], number | null | undefined, number | undefined]>([
    ['the selected type', ITEMS, 2, 2],
    ['no type given: the first selectable', ITEMS, null, 1],
    ['a type not in the list: the first selectable', ITEMS, 9, 1],
    ['the selected type is not selectable: the first selectable', ITEMS, 3, 1],
    ['the first is finished: the next selectable', finishedFirst, 1, 2],
    ['none selectable: none', ITEMS.map((item) => ({ ...item, selectable: false })), 1, undefined],
    ['selectable missing (an upstream that leaves it out) counts as not selectable', [{ id: 5, questionnaireType: 5 }], 5, undefined],
    ['an empty list', [], 1, undefined],
  ])('%s', (_label, items, type, id) => {
    expect(preselectedId(items, type)).toBe(id);
  });
});

describe('unselectableReason', () => {
  it.each<[SelectionItem, string | undefined]>([
    [ITEMS[0]!, undefined],
    [ITEMS[2]!, 'SelectionNotOffered'],
    [finishedFirst[0]!, 'SelectionFinished'],
    [{ id: 4, questionnaireType: 4, selectable: null }, 'SelectionNotOffered'],
  ])('%j → %p', (item, reason) => {
    expect(unselectableReason(item)).toBe(reason);
  });
});

describe('routeAfterSelection (spec §4: success with a valid token goes to /kodewinfo; §8: a failure is logged)', () => {
  it.each<[string, { statusCode: number; detailCode: number; exceptionId?: string }, { isLoggedIn?: boolean } | undefined, ReturnType<typeof routeAfterSelection>]>([
    ['Ok with a logged-in token', { statusCode: 1, detailCode: 0 }, { isLoggedIn: true }, { kind: 'go', to: '/kodewinfo' }],
    ['Ok without a token: stay and send again', { statusCode: 1, detailCode: 0 }, undefined, { kind: 'stay', messageKey: 'failed' }],
    ['Ok with a token that is not logged in', { statusCode: 1, detailCode: 0 }, { isLoggedIn: false }, { kind: 'stay', messageKey: 'failed' }],
    ['a refused choice (PostDataIsInvalid)', { statusCode: 5, detailCode: 0 }, undefined, { kind: 'stay', messageKey: 'failed' }],
    ['a network failure (Exception)', { statusCode: 13, detailCode: 24 }, undefined, { kind: 'stay', messageKey: 'failed' }],
    ['TokenInvalid: the error page', { statusCode: 3, detailCode: 23 }, undefined, { kind: 'errorPage', error: { statusCode: 3, detailCode: 23 } }],
    ['TokenExpired: the error page', { statusCode: 4, detailCode: 0, exceptionId: 'X1' }, undefined, { kind: 'errorPage', error: { statusCode: 4, detailCode: 0, exceptionId: 'X1' } }],
    ['AssessmentAlreadyFinished: the error page', { statusCode: 9, detailCode: 0 }, undefined, { kind: 'errorPage', error: { statusCode: 9, detailCode: 0 } }],
  ])('%s', (_label, response, claims, outcome) => {
    expect(routeAfterSelection(response, claims)).toEqual(outcome);
  });
});

describe("kodewInfoTexts: /kodewinfo's text by the token's assessmentType", () => {
  const t = translator([
    { key: 'KodewInfoTitle', value: 'About the questionnaire' },
    { key: 'KodewInfoText', value: 'General text' },
    { key: 'KodewInfoTitle_1', value: 'Strengths profile' },
    { key: 'KodewInfoText_1', value: 'Eight strengths' },
    { key: 'KodewInfoTitle_3', value: 'Leadership' },
  ]);
  it.each<[number | undefined, { title: string; text: string }]>([
    [1, { title: 'Strengths profile', text: 'Eight strengths' }],
    [3, { title: 'Leadership', text: 'General text' }],
    [7, { title: 'About the questionnaire', text: 'General text' }],
    [undefined, { title: 'About the questionnaire', text: 'General text' }],
  ])('assessmentType %p', (type, texts) => {
    expect(kodewInfoTexts(t, type)).toEqual(texts);
  });

  it('without any text: the missing key shows (spec §8)', () => {
    expect(kodewInfoTexts(translator([]), 2)).toEqual({ title: 'KEY: KodewInfoTitle', text: 'KEY: KodewInfoText' });
  });
});

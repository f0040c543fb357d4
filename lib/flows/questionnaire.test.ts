import { Product } from '@/lib/api/codes';
import { answerLetter, encodeAnswers, invalidQuestions, keepsErrorMessage, questionsPerPage, resumeNextStart, unsetValue } from './questionnaire';

const q = (id: number, answers: number[]) => ({ id, answerInfos: answers.map((a) => ({ id: a })) });

describe('questionnaire page rules', () => {
  it.each([
    [Product.CompetencyQuestionnaire, 4, 0],
    [Product.SecondQuestionnaire, 1, -1],
    [Product.RequirementsAnalysis, 1, -1],
    [Product.GroupWeb, 1, -1],
  ])('product %s: %s questions a page, unset value %s', (product, perPage, unset) => {
    expect(questionsPerPage(product)).toBe(perPage);
    expect(unsetValue(product)).toBe(unset);
  });

  const ranking = [q(1, [11, 12, 13, 14]), q(2, [21, 22, 23, 24])];
  it.each([
    ['all ranked, forward', new Map([[11, 1], [12, 2], [13, 3], [14, 4], [21, 4], [22, 3], [23, 2], [24, 1]]), true, []],
    ['second untouched, forward', new Map([[11, 1], [12, 2], [13, 3], [14, 4]]), true, [2]],
    ['second untouched, back', new Map([[11, 1], [12, 2], [13, 3], [14, 4]]), false, []],
    ['duplicate rank, back', new Map([[11, 1], [12, 1], [13, 3], [14, 4]]), false, [1]],
  ])('ranking: %s → invalid %j', (_name, values, forward, expected) => {
    expect(invalidQuestions(Product.CompetencyQuestionnaire, ranking, values, { forward, notRated: false, unset: 0 })).toEqual(expected);
  });

  it.each([
    ['answered', new Map([[11, 3], [12, 4]]), true, true, []],
    ['not rated allowed', new Map([[11, 0], [12, 0]]), true, true, []],
    ['not rated refused', new Map([[11, 0], [12, 2]]), true, false, [1]],
    ['half answered', new Map([[11, 2]]), false, true, [1]],
    ['nothing, forward', new Map(), true, true, [1]],
    ['nothing, back', new Map(), false, true, []],
  ])('grid product 2: %s → invalid %j', (_name, values, forward, notRated, expected) => {
    expect(invalidQuestions(Product.SecondQuestionnaire, [q(1, [11, 12])], values, { forward, notRated, unset: -1 })).toEqual(expected);
  });

  it.each([
    ['one answer still unranked', new Map([[11, 1], [12, 2], [13, 3]]), true],
    ['a rank still used twice', new Map([[11, 1], [12, 2], [13, 3], [14, 3]]), true],
    ['every rank used once', new Map([[11, 1], [12, 2], [13, 3], [14, 4]]), false],
    ['still wholly unranked (the lenient check does not apply on a change)', new Map(), true],
  ])('ranking: a flagged question with %s keeps its message: %s', (_name, values, expected) => {
    expect(keepsErrorMessage(Product.CompetencyQuestionnaire, ranking[0]!, values, { notRated: false, unset: 0 })).toBe(expected);
  });

  it.each([
    ['half answered', new Map([[11, 2]]), true],
    ['answered', new Map([[11, 2], [12, 3]]), false],
  ])('grid: a flagged question %s keeps its message: %s', (_name, values, expected) => {
    expect(keepsErrorMessage(Product.SecondQuestionnaire, q(1, [11, 12]), values, { notRated: true, unset: -1 })).toBe(expected);
  });

  it('encodes answers as base64 JSON of start index and id/value pairs', () => {
    const encoded = encodeAnswers(5, [{ id: 1011, value: 2 }]);
    expect(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))).toEqual({ questionStartIndex: 5, answers: [{ id: 1011, value: 2 }] });
  });

  it.each([
    // answerIndex, position in the list, letter
    [0, 0, 'a'],
    [3, 3, 'd'],
    // the upstream's index wins over the order it lists the items in
    [2, 0, 'c'],
    [0, 2, 'a'],
    [25, 0, 'z'],
    [26, 0, 'aa'],
    [27, 0, 'ab'],
    [701, 0, 'zz'],
    [702, 0, 'aaa'],
    // no usable index: the position
    [null, 1, 'b'],
    [undefined, 2, 'c'],
    [-1, 3, 'd'],
    [1.5, 0, 'a'],
  ])('answerIndex %p at position %p is shown as %p (spec §3, §9)', (answerIndex, position, letter) => {
    expect(answerLetter(answerIndex, position)).toBe(letter);
  });
});

describe('resuming after a login: walk on while the page comes back complete', () => {
  const rankedQuestion = (id: number, values: number[]) => ({ id, answerInfos: values.map((value, i) => ({ id: id * 10 + i, value })) });
  const complete = [rankedQuestion(1, [1, 2, 3, 4]), rankedQuestion(2, [4, 3, 2, 1])];

  it.each<[string, Parameters<typeof resumeNextStart>[1], number | undefined]>([
    ['every question ranked, a next page: on to it', { questions: complete, nextNavButtonQuestionStartIndex: 5 }, 5],
    ['every question ranked as a draft, never sent: stay (the participant was working here)', { questions: complete, nextNavButtonQuestionStartIndex: 5, hasDraft: true }, undefined],
    ['every question ranked, no draft said: on', { questions: complete, nextNavButtonQuestionStartIndex: 5, hasDraft: false }, 5],
    ['every question ranked, the last page: stay (finish is here)', { questions: complete, nextNavButtonQuestionStartIndex: null }, undefined],
    ['one question unranked: stay', { questions: [complete[0]!, rankedQuestion(2, [0, 0, 0, 0])], nextNavButtonQuestionStartIndex: 5 }, undefined],
    ['one question half ranked: stay', { questions: [complete[0]!, rankedQuestion(2, [1, 1, 0, 0])], nextNavButtonQuestionStartIndex: 5 }, undefined],
    ['no questions: stay', { questions: [], nextNavButtonQuestionStartIndex: 5 }, undefined],
    ['questions missing: stay', { nextNavButtonQuestionStartIndex: 5 }, undefined],
    ['a next index behind this page: stay', { questions: [{ ...complete[0]!, questionIndex: 9 }], nextNavButtonQuestionStartIndex: 5 }, undefined],
    ['a next index equal to this page: stay', { questions: [{ ...complete[0]!, questionIndex: 5 }], nextNavButtonQuestionStartIndex: 5 }, undefined],
    ['a next index after this page: on', { questions: [{ ...complete[0]!, questionIndex: 5 }], nextNavButtonQuestionStartIndex: 9 }, 9],
  ])('ranking: %s', (_name, page, expected) => {
    expect(resumeNextStart(Product.CompetencyQuestionnaire, page)).toBe(expected);
  });

  it.each<[string, number[], boolean, number | undefined]>([
    ['all rated', [1, 4, 2], false, 2],
    ['one item unrated (-1)', [1, -1, 2], false, undefined],
    ['not rated (0) where allowed', [0, 0, 3], true, 2],
    ['not rated (0) where not allowed', [0, 0, 3], false, undefined],
  ])('grid product 2: %s', (_name, values, notRated, expected) => {
    expect(resumeNextStart(Product.SecondQuestionnaire, { questions: [rankedQuestion(1, values)], notRated, nextNavButtonQuestionStartIndex: 2 })).toBe(expected);
  });
});

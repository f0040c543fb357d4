import { isRankingQuestionValid, rankAnswersToMark } from './ranking';

describe('ranking question validity (spec §5, product 1)', () => {
  it.each([
    [[1, 2, 3, 4], false, true],
    [[4, 3, 2, 1], false, true],
    [[2, 4, 1, 3], false, true],
    [[1, 1, 3, 4], false, false],
    [[1, 2, 3, 0], false, false],
    [[0, 0, 0, 0], false, false],
    [[0, 0, 0, 0], true, true],
    [[1, 0, 0, 0], true, false],
    [[1, 2, 3], false, false],
    [[1, 2, 3, 4, 1], false, false],
    [[1, 2, 3, 5], false, false],
    [[], true, false],
  ])('%j (lenient %s) is valid: %s', (values, lenient, expected) => {
    expect(isRankingQuestionValid(values, lenient)).toBe(expected);
  });
});

describe('answers to highlight in a failed ranking question', () => {
  it.each([
    ['all ranked once', [1, 2, 3, 4], [false, false, false, false]],
    ['one unranked', [1, 2, 3, 0], [false, false, false, true]],
    ['all unranked', [0, 0, 0, 0], [true, true, true, true]],
    ['a rank used twice marks both', [1, 1, 3, 4], [true, true, false, false]],
    ['a rank used three times and one missing', [2, 2, 2, 0], [true, true, true, true]],
    ['two ranks used twice', [1, 4, 1, 4], [true, true, true, true]],
    ['a duplicate beside an unranked answer', [3, 0, 3, 1], [true, true, true, false]],
    ['a value outside 1–4', [1, 2, 3, 5], [false, false, false, true]],
  ])('%s: %j → %j', (_label, values, expected) => {
    expect(rankAnswersToMark(values)).toEqual(expected);
  });
});

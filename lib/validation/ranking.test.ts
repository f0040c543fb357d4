import { isRankingQuestionValid } from './ranking';

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

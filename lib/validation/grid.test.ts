import { Product } from '@/lib/api/codes';
import { productRules } from '@/lib/flows/products';
import { isGridQuestionValid } from './grid';

const rule = (product: Product) => (notRatedAllowed: boolean, lenient = false) => ({ notRatedValue: productRules(product).notRatedValue, notRatedAllowed, lenient });
const p2 = rule(Product.SecondQuestionnaire);
const p3 = rule(Product.RequirementsAnalysis);

describe('grid question validity (spec §5, products 2 and 3)', () => {
  it.each([
    ['answered', [3], p2(false), true],
    ['unanswered, strict', [-1], p2(true), false],
    ['unanswered, lenient', [-1], p2(true, true), true],
    ['mixed answered and unanswered', [2, -1], p2(true, true), false],
    ['product 2: 0 without not-rated', [0], p2(false), false],
    ['product 2: 0 with not-rated', [0], p2(true), true],
    ['product 3: -2 without not-rated', [-2], p3(false), false],
    ['product 3: -2 with not-rated', [-2], p3(true), true],
    ['product 3: 0 is an ordinary value', [0], p3(false), true],
    ['no items', [], p2(true, true), false],
    ['product 3: answered', [4], p3(false), true],
    ['product 3: unanswered, strict', [-1], p3(true), false],
    ['product 3: unanswered, lenient', [-1], p3(true, true), true],
    ['product 3: all of several unanswered, lenient', [-1, -1, -1], p3(false, true), true],
    ['product 3: mixed answered and unanswered, strict', [3, -1], p3(true), false],
    ['product 3: mixed answered and unanswered, lenient', [-1, 1], p3(true, true), false],
    ['product 3: mixed not rated and unanswered, lenient', [-2, -1], p3(true, true), false],
    ['product 3: -2 beside a value, not rated allowed', [-2, 4], p3(true), true],
    ['product 3: -2 beside a value, not rated not allowed', [4, -2], p3(false), false],
    ['product 3: the lenient check does not let -2 through', [-2], p3(false, true), false],
    ['product 3: not rated offered, 0 stays an ordinary value', [0, -2], p3(true), true],
  ])('%s → %s', (_name, values, rule, expected) => {
    expect(isGridQuestionValid(values, rule)).toBe(expected);
  });
});

describe('a grid of a product without a not-rated value', () => {
  it('refuses no value as not rated', () => {
    expect(isGridQuestionValid([0, -2], { notRatedValue: null, notRatedAllowed: false })).toBe(true);
  });
});

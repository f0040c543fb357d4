import { Product } from '@/lib/api/codes';
import { answersInvalidKey, PRODUCTS, productRules, type ProductRules } from './products';
import { invalidQuestions, resumeNextStart, scaleMaxOf } from './questionnaire';
import { imageAspect } from './questionImage';

describe('the product table', () => {
  it.each([
    [Product.Unknown, 'grid', 1, -1, 'FillingInfoTextGrid', 'InstructionsTextGrid'],
    [Product.CompetencyQuestionnaire, 'ranking', 4, 0, 'FillingInfoText', 'InstructionsTextRanking'],
    [Product.SecondQuestionnaire, 'grid', 1, -1, 'FillingInfoTextGrid', 'InstructionsTextGrid'],
    [Product.RequirementsAnalysis, 'grid', 1, -1, 'FillingInfoTextGrid', 'InstructionsTextGrid'],
    [Product.GroupWeb, 'slider', 1, -1, 'FillingInfoTextSlider', 'InstructionsTextSlider'],
    [Product.Portal, 'grid', 1, -1, 'FillingInfoTextGrid', 'InstructionsTextGrid'],
  ])('product %s: %s view, %s a page, unset %s, manual %s, instructions %s', (product, view, perPage, unset, fillingInfo, instructions) => {
    const rules = productRules(product);
    expect({ view: rules.view, perPage: rules.questionsPerPage, unset: rules.unsetValue }).toEqual({ view, perPage, unset });
    expect(rules.texts).toMatchObject({ fillingInfo, instructions });
  });

  it.each([
    [Product.CompetencyQuestionnaire, false, 'ErrorAnswersInvalid'],
    [Product.SecondQuestionnaire, true, 'ErrorAnswersInvalidGrid'],
    [Product.GroupWeb, false, 'ErrorAnswersInvalidSlider'],
    [Product.GroupWeb, true, 'ErrorAnswersInvalidSliderNotRated'],
  ])('product %s, not rated offered %s: the failed question says %s', (product, offered, key) => {
    expect(answersInvalidKey(product, offered)).toBe(key);
  });

  it('only the grids show the rated-count overlay (spec §2)', () => {
    expect([0, 1, 2, 3, 4, 5].filter((p) => productRules(p).ratedCount)).toEqual([0, 2, 3, 5]);
  });

  // Every column a place reads instead of testing a product's number; a row without one would let
  // that place fall back to what it did for another product.
  const COLUMNS: ReadonlyArray<keyof ProductRules> = [
    'view', 'questionsPerPage', 'unsetValue', 'notRatedValue', 'ranks', 'wholeRange', 'groupVariant', 'isQuestionValid', 'itemsToMark', 'ratedCount', 'texts',
  ];
  const TEXTS: ReadonlyArray<keyof ProductRules['texts']> = ['fillingInfo', 'instructions', 'answersInvalid', 'answersInvalidNotRated', 'view'];
  const rows = [...Object.entries(PRODUCTS), ['the fallback', productRules(Product.Unknown)] as const];

  it.each(rows)('row %s has every column and every text, and nothing else', (_product, row) => {
    expect(Object.keys(row!).sort()).toEqual([...COLUMNS].sort());
    for (const column of COLUMNS) expect(row![column]).not.toBeUndefined();
    expect(Object.keys(row!.texts).sort()).toEqual([...TEXTS].sort());
    for (const text of TEXTS) expect(row!.texts[text]).not.toBeUndefined();
  });

  it.each([
    [Product.Unknown, null, null, false, null],
    [Product.CompetencyQuestionnaire, null, [1, 2, 3, 4], false, null],
    [Product.SecondQuestionnaire, 0, null, false, null],
    [Product.RequirementsAnalysis, -2, null, false, null],
    [Product.GroupWeb, -2, null, true, 'kodew'],
    [Product.Portal, null, null, false, null],
  ])('product %s: not rated %s, ranks %j, whole range %s, comes back through %s', (product, notRated, ranks, wholeRange, variant) => {
    const rules = productRules(product);
    expect([rules.notRatedValue, rules.ranks, rules.wholeRange, rules.groupVariant]).toEqual([notRated, ranks, wholeRange, variant]);
  });

  it('the slider and the grid get their own texts, the ranking none', () => {
    expect(Object.keys(productRules(Product.GroupWeb).texts.view)).toEqual(['slider']);
    expect(Object.keys(productRules(Product.RequirementsAnalysis).texts.view)).toEqual(['grid']);
    expect(productRules(Product.CompetencyQuestionnaire).texts.view).toEqual({});
  });
});

describe('slider pages (product 4) through the page rules', () => {
  const question = { id: 401, answerInfos: [{ id: 4011 }, { id: 4012 }] };
  const check = (values: Array<[number, number]>, forward: boolean, notRated = true, scaleMax = 100) =>
    invalidQuestions(Product.GroupWeb, [question], new Map(values), { forward, notRated, unset: -1, scaleMax });

  it.each([
    ['both set', [[4011, 0], [4012, 100]] as Array<[number, number]>, true, true, []],
    ['one not rated', [[4011, 30], [4012, -2]] as Array<[number, number]>, true, true, []],
    ['not rated where not offered', [[4011, 30], [4012, -2]] as Array<[number, number]>, true, false, [401]],
    ['one unset, forward', [[4011, 30]] as Array<[number, number]>, true, true, [401]],
    ['one unset, back', [[4011, 30]] as Array<[number, number]>, false, true, [401]],
    ['none set, back', [] as Array<[number, number]>, false, true, []],
    ['none set, forward', [] as Array<[number, number]>, true, true, [401]],
  ])('%s → invalid %j', (_name, values, forward, notRated, expected) => {
    expect(check(values, forward, notRated)).toEqual(expected);
  });

  it('a value above the scale’s largest value fails', () => {
    expect(check([[4011, 10], [4012, 11]], true, true, 10)).toEqual([401]);
    expect(check([[4011, 10], [4012, 9]], true, true, 10)).toEqual([]);
  });

  it('the scale’s largest value is where the slider ends; 100 without a scale (spec §9)', () => {
    expect(scaleMaxOf({ valueInfos: [{ value: 0 }, { value: 50 }, { value: 100 }] })).toBe(100);
    expect(scaleMaxOf({ valueInfos: [{ value: 0 }, { value: 10 }] })).toBe(10);
    expect(scaleMaxOf(null)).toBe(100);
  });

  it('resuming walks on past a complete slider page and stops at one with an unset item', () => {
    const page = (values: number[]) => ({
      questions: [{ id: 401, questionIndex: 1, answerInfos: values.map((value, i) => ({ id: 4011 + i, value })) }],
      notRated: true,
      nextNavButtonQuestionStartIndex: 2,
      answervaluesConfig: { valueInfos: [{ value: 0 }, { value: 100 }] },
    });
    expect(resumeNextStart(Product.GroupWeb, page([40, -2]))).toBe(2);
    expect(resumeNextStart(Product.GroupWeb, page([40, -1]))).toBeUndefined();
  });
});

describe('question images', () => {
  it.each([
    [480, 270, { width: 480, height: 270, known: true }],
    [null, 270, { width: 4, height: 3, known: false }],
    [0, 270, { width: 4, height: 3, known: false }],
    [12.5, 270, { width: 4, height: 3, known: false }],
    ['480', 270, { width: 4, height: 3, known: false }],
  ])('width %j, height %j → laid out as %j before it arrives', (width, height, expected) => {
    expect(imageAspect(width, height)).toEqual(expected);
  });
});

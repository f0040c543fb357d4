import type { Language } from '@/lib/api/languages';
import type { LocalizedText } from '@/lib/content/questionnaire';
import { bundledDefinition } from '../testApi';
import { allowedValues, contentLanguage, describeAllowedValues, toDefinition, type QuestionnaireDefinition } from './definitions';
import { isQuestionValid } from './engine';

const all = (word: string): LocalizedText => ({ de: word, en: word, fr: word, it: word, cz: word });
const deEn = (word: string): LocalizedText => ({ de: word, en: word });

/** A one-question definition whose texts are complete except where a test leaves one out. */
function definition(parts: { answer?: LocalizedText; caption?: LocalizedText; subText?: LocalizedText; info1?: LocalizedText[]; info3?: LocalizedText } = {}): QuestionnaireDefinition {
  const base = bundledDefinition('grid-10');
  return {
    ...base,
    key: 'test',
    title: all('Titel'),
    questions: [
      {
        id: 1,
        text: all('Frage'),
        ...(parts.subText && { subText: parts.subText }),
        ...(parts.info1 && { info1: parts.info1 }),
        ...(parts.info3 && { info3: parts.info3 }),
        answerInfos: [{ id: 11, text: parts.answer ?? all('Aussage') }],
      },
    ],
    answervaluesConfig: { valueInfos: [{ value: 1, caption: parts.caption ?? all('eins') }], notRatedValue: null, notRatedValueCaption: null, notRatedGroupCaption: null, groupCaptions: [] },
  };
}

describe('the language a questionnaire is shown in (questionnaireLanguage of the page)', () => {
  it.each<[string, QuestionnaireDefinition, Language, Language]>([
    ['complete in French', definition(), 'fr-FR', 'fr-FR'],
    ['complete in Czech', definition(), 'cz-CZ', 'cz-CZ'],
    ['one statement without French', definition({ answer: deEn('Aussage') }), 'fr-FR', 'de-DE'],
    ['one statement without French, asked in English', definition({ answer: deEn('Aussage') }), 'en-US', 'en-US'],
    ['a scale caption without Italian', definition({ caption: deEn('eins') }), 'it-IT', 'de-DE'],
    ['a sub-text without Czech', definition({ subText: deEn('mehr') }), 'cz-CZ', 'de-DE'],
    ['a synonym (info1) without French', definition({ info1: [all('Einleitung'), deEn('Synonym')] }), 'fr-FR', 'de-DE'],
    ['an explanation (info3) without Italian', definition({ info3: deEn('Erklärung') }), 'it-IT', 'de-DE'],
    ['German asked', definition({ answer: deEn('Aussage') }), 'de-DE', 'de-DE'],
  ])('%s, %s asked → %s', (_name, subject, asked, expected) => {
    expect(contentLanguage(subject, asked)).toBe(expected);
  });

  it.each<[string, Language, Language]>([
    ['competency-24', 'fr-FR', 'de-DE'],
    ['competency-24', 'it-IT', 'de-DE'],
    ['competency-24', 'cz-CZ', 'de-DE'],
    ['competency-24', 'en-US', 'en-US'],
    ['grid-10', 'fr-FR', 'de-DE'],
    ['grid-10', 'en-US', 'en-US'],
  ])('the demo questionnaire %s asked in %s is shown in %s', (key, asked, expected) => {
    expect(contentLanguage(bundledDefinition(key), asked)).toBe(expected);
  });
});

describe('the rules that follow from the product', () => {
  it('ranking (product 1) starts unranked at 0 and says each rank is used once; the grids start at -1', () => {
    const ranking = bundledDefinition('competency-24');
    const grid = bundledDefinition('grid-10');
    expect([ranking.product, ranking.unsetValue, ranking.errorMessage]).toEqual([1, 0, 'ErrorAnswersInvalid']);
    expect([grid.product, grid.unsetValue, grid.errorMessage]).toEqual([2, -1, 'ErrorAnswersInvalidGrid']);
    expect(toDefinition({ ...grid, product: 3 }).unsetValue).toBe(-1);
  });
});

describe('the slider (product 4): the same rule as the browser’s (lib/validation/slider.ts)', () => {
  const slider = bundledDefinition('kodew-strengths');
  const question = slider.questions[0]!;
  const values = (...list: number[]) => new Map(question.answerInfos.map((a, i) => [a.id, list[i] ?? -1]));

  it('starts unset at -1, ends at the largest configured value, and names not rated in its message', () => {
    expect([slider.product, slider.unsetValue, slider.scaleMax, slider.errorMessage]).toEqual([4, -1, 100, 'ErrorAnswersInvalidSliderNotRated']);
    expect(toDefinition({ ...slider, notRated: false }).errorMessage).toBe('ErrorAnswersInvalidSlider');
  });

  it('takes any whole value from 0 to the largest configured one, and -2 only where not rated is allowed', () => {
    const allowed = allowedValues(slider);
    expect([0, 1, 37, 99, 100, -2].every((v) => allowed.has(v))).toBe(true);
    expect([101, -1, -3, 12.5].some((v) => allowed.has(v))).toBe(false);
    expect(allowedValues(toDefinition({ ...slider, notRated: false })).has(-2)).toBe(false);
    const ten = toDefinition({ ...slider, answervaluesConfig: { ...slider.answervaluesConfig, valueInfos: [{ value: 0, caption: all('nie = 0') }, { value: 10, caption: all('immer = 10') }] } });
    expect([ten.scaleMax, allowedValues(ten).has(10), allowedValues(ten).has(11)]).toEqual([10, true, false]);
    expect(describeAllowedValues(slider)).toBe('a whole number from 0 to 100, or -2 (not rated)');
    expect(describeAllowedValues(bundledDefinition('grid-10'))).toMatch(/^one of /);
  });

  it.each([
    ['every item set', [0, 100], false, true],
    ['one item not rated', [55, -2], false, true],
    ['one item unset', [55, -1], false, false],
    ['one item unset, going back', [55, -1], true, false],
    ['nothing set, going back', [-1, -1], true, true],
    ['a value above the scale', [55, 101], false, false],
  ])('a question with %s (%j, lenient %s) → valid %s', (_name, list, lenient, expected) => {
    expect(isQuestionValid(slider, question, values(...list), lenient)).toBe(expected);
  });
});

import type { Language } from '@/lib/api/languages';
import type { LocalizedText } from '../content/types';
import { contentLanguage, DEFINITIONS, type QuestionnaireDefinition } from './definitions';

const all = (word: string): LocalizedText => ({ de: word, en: word, fr: word, it: word, cz: word });
const deEn = (word: string): LocalizedText => ({ de: word, en: word });

/** A one-question definition whose texts are complete except where a test leaves one out. */
function definition(parts: { answer?: LocalizedText; caption?: LocalizedText; subText?: LocalizedText } = {}): QuestionnaireDefinition {
  const base = DEFINITIONS['grid-10']!;
  return {
    ...base,
    content: {
      key: 'test',
      title: all('Titel'),
      questions: [{ id: 1, text: all('Frage'), ...(parts.subText && { subText: parts.subText }), answers: [{ id: 11, text: parts.answer ?? all('Aussage') }] }],
    },
    scale: { valueInfos: [{ value: 1, caption: parts.caption ?? all('eins') }], notRatedValue: null, notRatedValueCaption: null, notRatedGroupCaption: null, groupCaptions: [] },
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
    expect(contentLanguage(DEFINITIONS[key]!, asked)).toBe(expected);
  });
});

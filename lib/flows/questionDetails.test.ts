import { labelText, questionDetails } from './questionDetails';

describe('a question\'s details (spec §3: info1 intro and synonyms, info2–info4)', () => {
  it.each([
    [
      'all four',
      { info1: ['Wie wichtig ist es?', 'Logisches Denken', 'Urteilsvermögen'], info2: 'Def', info3: 'Erkl', info4: 'Übertr' },
      { intro: 'Wie wichtig ist es?', definition: 'Def', explanation: 'Erkl', exaggeration: 'Übertr', synonyms: ['Logisches Denken', 'Urteilsvermögen'] },
    ],
    [
      'the first info1 entry is never a synonym',
      { info1: ['Intro'] },
      { intro: 'Intro', definition: null, explanation: null, exaggeration: null, synonyms: [] },
    ],
    [
      'blank entries are left out',
      { info1: ['', ' ', 'Synonym'], info2: '  ', info3: null },
      { intro: null, definition: null, explanation: null, exaggeration: null, synonyms: ['Synonym'] },
    ],
    ['nothing at all', {}, null],
    ['only blanks', { info1: [' '], info2: '', info4: ' ' }, null],
  ])('%s', (_name, question, expected) => {
    expect(questionDetails(question)).toEqual(expected);
  });

  it.each([
    ['Analytisches Denken', 'Analytisches Denken'],
    ['Arbeitet sorgfältig …', 'Arbeitet sorgfältig'],
    ['Arbeitet sorgfältig…', 'Arbeitet sorgfältig'],
    [null, ''],
  ])('label of %p is %p', (text, expected) => {
    expect(labelText(text)).toBe(expected);
  });
});

import { detailsName, labelText, questionDetails } from './questionDetails';

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

describe("the name of an item's info button after 'Details: ' (spec §2: one per item)", () => {
  const team = { text: 'Teamfähigkeit …', answerInfos: [{ text: 'Bringt Ideen ein' }, { text: ' Unterstützt andere ' }, { text: null }] };
  it.each<[string, Parameters<typeof detailsName>[0], number, string]>([
    ['one item: the question alone, which its item restates', { text: 'Analytisches Denken', answerInfos: [{ text: 'Bedeutung von „Analytisches Denken“' }] }, 0, 'Analytisches Denken'],
    ['several items: the question, the letter and the statement of the first', team, 0, 'Teamfähigkeit, a) Bringt Ideen ein'],
    ['… of the second, trimmed', team, 1, 'Teamfähigkeit, b) Unterstützt andere'],
    ['an item without a statement: its letter still tells it apart', team, 2, 'Teamfähigkeit, c)'],
  ])('%s', (_name, question, position, expected) => {
    expect(detailsName(question, position)).toBe(expected);
  });
});

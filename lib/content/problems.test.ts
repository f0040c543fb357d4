import { formatPath, jsonSyntaxProblem } from './problems';
import { parseQuestionnaire, parseQuestionnaireText } from './parse';

// The tables break the file in every way a hand can: a loose type is the point here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

/** A valid grid questionnaire (product 2) with two questions; each row of the tables breaks one thing. */
function grid(): Loose {
  return {
    key: 'team-check',
    title: { de: 'Teamcheck', en: 'Team check' },
    product: 2,
    questionsPerPage: 1,
    noDetails: false,
    notRated: true,
    answervaluesConfig: {
      valueInfos: [1, 2, 3, 4].map((value) => ({ value, caption: { de: `Stufe ${value}` } })),
      notRatedValue: 0,
      notRatedValueCaption: { de: 'nicht bewertet' },
      groupCaptions: [{ caption: { de: 'Ablehnung' }, columnSpan: 2 }, { caption: { de: 'Zustimmung' }, columnSpan: 2 }],
    },
    questions: [
      { id: 1, text: { de: 'Frage eins' }, answerInfos: [{ id: 11, text: { de: 'a' } }, { id: 12, text: { de: 'b' } }] },
      { id: 2, text: { de: 'Frage zwei' }, info1: [{ de: 'Einleitung' }, { de: 'Synonym' }], answerInfos: [{ id: 21, text: { de: 'c' } }, { id: 22, text: { de: 'd' } }] },
    ],
  };
}

function problemsOf(change: (q: Loose) => void): string[] {
  const subject = grid();
  change(subject);
  const parsed = parseQuestionnaire(subject);
  return parsed.ok ? [] : parsed.problems;
}

describe('formatPath', () => {
  it.each<[Array<string | number>, string]>([
    [['questions', 3, 'answerInfos', 1, 'text', 'de'], 'questions[3].answerInfos[1].text.de'],
    [['key'], 'key'],
    [[], '(file)'],
    [['answervaluesConfig', 'valueInfos', 0, 'caption'], 'answervaluesConfig.valueInfos[0].caption'],
    [['questions', 0, 'a key with spaces'], 'questions[0]["a key with spaces"]'],
  ])('%j → %s', (path, expected) => {
    expect(formatPath(path)).toBe(expected);
  });
});

describe('a questionnaire file: one problem, one line, named by its JSON path', () => {
  it('accepts the valid one', () => {
    expect(problemsOf(() => undefined)).toEqual([]);
  });

  it.each<[string, (q: Loose) => void, string]>([
    ['a missing German text', (q) => delete q.questions[1].answerInfos[1].text.de, 'questions[1].answerInfos[1].text.de: required'],
    ['an empty text', (q) => (q.title.en = '  '), 'title.en: must not be empty'],
    ['a text that is a number', (q) => (q.questions[0].text.de = 5), 'questions[0].text.de: expected a text, got number 5'],
    ['a misspelt field', (q) => (q.questions[0].subtext = { de: 'x' }), "questions[0].subtext: unknown field (did you mean 'subText'?)"],
    ['an unknown language', (q) => (q.title.es = 'Equipo'), 'title.es: unknown field'],
    ['a missing key', (q) => delete q.key, 'key: required'],
    ['a key with capitals', (q) => (q.key = 'Team'), 'key: must be lower-case letters, digits, - or _ (it is also the file name)'],
    ['product 5', (q) => (q.product = 5), 'product: must be one of 1, 2, 3, 4'],
    ['a fractional id', (q) => (q.questions[1].id = 2.5), 'questions[1].id: must be a whole number'],
    ['questions as an object', (q) => (q.questions = {}), 'questions: expected a list [ … ], got an object'],
    ['no questions', (q) => (q.questions = []), 'questions: needs at least 1 entry'],
    ['an empty synonym list', (q) => (q.questions[1].info1 = []), 'questions[1].info1: needs at least 1 entry'],
    ['an image key with a path', (q) => (q.questions[0].imageKey = '../x'), 'questions[0].imageKey: must be letters, digits, - or _ (the image file name without its extension)'],
    ['noDetails as text', (q) => (q.noDetails = 'yes'), 'noDetails: expected true or false, got the text "yes"'],
    ['a value out of range', (q) => (q.answervaluesConfig.valueInfos[3].value = 101), 'answervaluesConfig.valueInfos[3].value: must be at most 100'],
    ['a question id twice', (q) => (q.questions[1].id = 1), 'questions[1].id: 1 is already the id of questions[0]'],
    ['an answer id twice, across questions', (q) => (q.questions[1].answerInfos[0].id = 12),
      'questions[1].answerInfos[0].id: 12 is already the id of questions[0].answerInfos[1] (answer ids are unique in the questionnaire)'],
    ['a value twice', (q) => (q.answervaluesConfig.valueInfos[1].value = 1), 'answervaluesConfig.valueInfos[1].value: 1 appears twice'],
    ['group spans that do not add up', (q) => (q.answervaluesConfig.groupCaptions[1].columnSpan = 3),
      'answervaluesConfig.groupCaptions: the column spans add up to 5, but there are 4 value columns'],
    ['notRated without a value', (q) => delete q.answervaluesConfig.notRatedValue, 'answervaluesConfig.notRatedValue: required when notRated is true'],
    ['notRated without a caption', (q) => delete q.answervaluesConfig.notRatedValueCaption, 'answervaluesConfig.notRatedValueCaption: required when notRated is true'],
    ['the wrong not-rated value for product 2', (q) => (q.answervaluesConfig.notRatedValue = -2), 'answervaluesConfig.notRatedValue: must be 0 for product 2 (spec §5)'],
    ['the not-rated value also a value', (q) => ((q.product = 3), (q.answervaluesConfig.notRatedValue = -2), (q.answervaluesConfig.valueInfos[0].value = 0), (q.answervaluesConfig.notRatedValue = 0)),
      'answervaluesConfig.notRatedValue: must be -2 for product 3 (spec §5)'],
    ['two questions per page on a grid', (q) => (q.questionsPerPage = 2), 'questionsPerPage: must be 1 for product 2 (spec §9; the app pages by the same rule)'],
    ['product 1 with three answer items', (q) => ((q.product = 1), (q.questionsPerPage = 4), (q.notRated = false), delete q.answervaluesConfig.notRatedValue),
      'questions[0].answerInfos: product 1 ranks exactly 4 answer items per question, found 2'],
    ['product 1 ranking with 0 to 3', (q) => {
      q.product = 1; q.questionsPerPage = 4; q.notRated = false; delete q.answervaluesConfig.notRatedValue; delete q.answervaluesConfig.groupCaptions;
      q.answervaluesConfig.valueInfos = [0, 1, 2, 3].map((value) => ({ value, caption: { de: String(value) } }));
    }, 'answervaluesConfig.valueInfos: product 1 ranks with exactly the values 1, 2, 3 and 4'],
    ['product 1 with notRated', (q) => ((q.product = 1), (q.questionsPerPage = 4), delete q.answervaluesConfig.notRatedValue), 'notRated: product 1 has no "not rated": must be false'],
  ])('%s', (_name, change, expected) => {
    expect(problemsOf(change)).toContain(expected);
  });

  it('names every problem of a file at once, structural and across fields', () => {
    const problems = problemsOf((q) => {
      delete q.questions[1].answerInfos[1].text.de;
      q.questions[0].text = 'Frage';
      q.questions[1].id = 1;
      q.answervaluesConfig.groupCaptions[0].columnSpan = 1;
      q.extra = true;
    });
    expect(problems).toEqual(expect.arrayContaining([
      'questions[1].answerInfos[1].text.de: required',
      'questions[0].text: expected an object { … }, got the text "Frage"',
      'questions[1].id: 1 is already the id of questions[0]',
      'answervaluesConfig.groupCaptions: the column spans add up to 3, but there are 4 value columns',
      'extra: unknown field',
    ]));
    expect(problems).toHaveLength(5);
  });

  it('never answers with a stack trace, whatever the file holds', () => {
    for (const value of [null, 1, 'text', [], [{}], { questions: [null, 1, 'x'] }, { answervaluesConfig: { valueInfos: 'x', groupCaptions: [null] } }]) {
      const parsed = parseQuestionnaire(value);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) for (const problem of parsed.problems) expect(problem).toMatch(/^[^\n]+: [^\n]+$/);
    }
  });
});

describe('a file that is not JSON', () => {
  it.each<[string, string]>([
    ['{\n  "key": "a",\n  "title": { "de": "x" }\n  "product": 1\n}', '(file): not valid JSON at line 4, column 3:'],
    ['{\n  "key": "a",', '(file): not valid JSON at line 2, column 14:'],
    ['', '(file): not valid JSON at line 1, column 1:'],
    ['{ "key": \'a\' }', '(file): not valid JSON at line 1, column 10:'],
    ['{ "a": [1, 2,] }', '(file): not valid JSON at line 1, column 14:'],
    ['{ "a": "x\ty" }', '(file): not valid JSON at line 1, column 10:'],
    ['{ "a": 01 }', '(file): not valid JSON at line 1, column 9:'],
    ['{ "a": 1 } x', '(file): not valid JSON at line 1, column 12:'],
    ['{\n  "a": tru\n}', '(file): not valid JSON at line 2, column 8:'],
  ])('%j is named by line and column', (text, expected) => {
    const parsed = parseQuestionnaireText(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems).toEqual([expect.stringContaining(expected)]);
  });

  it('says what it can when the scan finds no position', () => {
    expect(jsonSyntaxProblem('{}', new Error('something odd'))).toBe('(file): not valid JSON: something odd');
  });

  it('reads a file that starts with a byte-order mark', () => {
    expect(parseQuestionnaireText(`\uFEFF${JSON.stringify(grid())}`).ok).toBe(true);
  });
});

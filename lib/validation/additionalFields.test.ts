import { checkSubmittedFields, fieldProblem, MAX_TEXT_LENGTH, pageFieldProblems, sortAdditionalFields, type FieldRule } from './additionalFields';

const text = (id: number, sortNumber: number, required = false): FieldRule & { sortNumber: number } => ({ id, fieldType: 'Text', sortNumber, required });
const list = (id: number, sortNumber: number, required = false): FieldRule & { sortNumber: number } => ({ id, fieldType: 'List', allowedValues: ['0-2', '3-5', '10+'], sortNumber, required });

describe('the order of the additional fields (sortNumber; 0 = no place given)', () => {
  it.each([
    ['ascending numbers', [text(1, 3), text(2, 1), text(3, 2)], [2, 3, 1]],
    ['0 comes after every numbered field', [text(1, 0), text(2, 5), text(3, 1)], [3, 2, 1]],
    ['several 0s keep the definition order', [text(4, 0), text(2, 0), text(9, 1), text(1, 0)], [9, 4, 2, 1]],
    ['equal numbers keep the definition order', [text(1, 2), text(2, 1), text(3, 2)], [2, 1, 3]],
    ['all 0: the definition order', [text(3, 0), text(1, 0), text(2, 0)], [3, 1, 2]],
    ['the demo KWDEMO01: Berufserfahrung (1) before Abteilung (2)', [text(1, 2), list(2, 1)], [2, 1]],
    ['none', [], []],
  ])('%s', (_name, fields, ids) => {
    expect(sortAdditionalFields(fields).map((f) => f.id)).toEqual(ids);
  });

  it('does not reorder the list it is given', () => {
    const fields = [text(1, 2), text(2, 1)];
    sortAdditionalFields(fields);
    expect(fields.map((f) => f.id)).toEqual([1, 2]);
  });
});

describe('one field value', () => {
  it.each([
    [text(1, 1, true), '', 'required'],
    [text(1, 1, true), '   ', 'required'],
    [text(1, 1, true), 'Vertrieb', undefined],
    [text(1, 1, false), '', undefined],
    [text(1, 1, false), 'x'.repeat(MAX_TEXT_LENGTH), undefined],
    [text(1, 1, false), ` ${'x'.repeat(MAX_TEXT_LENGTH)} `, undefined],
    [text(1, 1, false), 'x'.repeat(MAX_TEXT_LENGTH + 1), 'tooLong'],
    [list(2, 1, true), '', 'required'],
    [list(2, 1, true), '3-5', undefined],
    [list(2, 1, false), '', undefined],
    [list(2, 1, false), '6-10', 'notAllowed'],
    [list(2, 1, false), ' 3-5', 'notAllowed'],
    [list(2, 1, false), '3-5 ', 'notAllowed'],
    [{ id: 3, fieldType: 'List', allowedValues: null, required: false } satisfies FieldRule, 'a', 'notAllowed'],
  ])('%j with %j → %s', (field, value, problem) => {
    expect(fieldProblem(field, value)).toBe(problem);
  });

  it('the page names the problem of each field that has one', () => {
    const problems = pageFieldProblems([text(1, 2, true), list(2, 1, true), text(3, 0)], { 1: ' ', 2: '3-5' });
    expect([...problems]).toEqual([[1, 'required']]);
  });
});

describe('the server check of submitted values', () => {
  const definitions = [text(1, 2, true), list(2, 1, true), text(3, 0)];

  it.each([
    ['all fine, trimmed Text, an optional field left out', [{ id: 1, value: ' Vertrieb ' }, { id: 2, value: '10+' }], { ok: true, values: { 1: 'Vertrieb', 2: '10+', 3: '' } }],
    ['an unknown id', [{ id: 1, value: 'a' }, { id: 2, value: '10+' }, { id: 99, value: 'x' }], { ok: false, problems: [{ id: 99, problem: 'unknown' }] }],
    ['an id twice', [{ id: 1, value: 'a' }, { id: 1, value: 'b' }, { id: 2, value: '10+' }], { ok: false, problems: [{ id: 1, problem: 'twice' }] }],
    ['a required field left out', [{ id: 2, value: '10+' }], { ok: false, problems: [{ id: 1, problem: 'required' }] }],
    ['a required field empty', [{ id: 1, value: '  ' }, { id: 2, value: '10+' }], { ok: false, problems: [{ id: 1, problem: 'required' }] }],
    ['a List value outside allowedValues', [{ id: 1, value: 'a' }, { id: 2, value: '99' }], { ok: false, problems: [{ id: 2, problem: 'notAllowed' }] }],
    ['a Text too long', [{ id: 1, value: 'a' }, { id: 2, value: '0-2' }, { id: 3, value: 'y'.repeat(MAX_TEXT_LENGTH + 1) }], { ok: false, problems: [{ id: 3, problem: 'tooLong' }] }],
    [
      'every problem at once',
      [{ id: 7, value: 'x' }, { id: 2, value: 'nope' }],
      { ok: false, problems: [{ id: 7, problem: 'unknown' }, { id: 1, problem: 'required' }, { id: 2, problem: 'notAllowed' }] },
    ],
  ])('%s', (_name, submitted, result) => {
    expect(checkSubmittedFields(definitions, submitted)).toEqual(result);
  });

  it('a group code without fields takes an empty list and refuses any value', () => {
    expect(checkSubmittedFields([], [])).toEqual({ ok: true, values: {} });
    expect(checkSubmittedFields([], [{ id: 1, value: '' }])).toEqual({ ok: false, problems: [{ id: 1, problem: 'unknown' }] });
  });
});

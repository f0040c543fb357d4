import { CONSOLE_MAX_COUNT, readAssessmentCreateForm } from './assessmentCreateForm';
import { readGroupCodeCreateForm } from './groupCodeCreateForm';

const now = new Date('2030-01-01T12:00:00Z');

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('readAssessmentCreateForm', () => {
  const imported = ['competency-24', 'grid-10'];

  it('reads the options as the command line would take them', () => {
    const read = readAssessmentCreateForm(form({
      questionnaire: 'grid-10', count: '3', title: ' Dr. ', firstName: 'Clara', lastName: 'Kandidatin', pseudonym: '', language: 'en-US', validUntil: '2030-03-31', self: 'on', excel: 'on',
    }), imported, now);
    expect(read).toEqual({
      ok: true,
      options: {
        questionnaireKey: 'grid-10', count: 3, candidate: { title: 'Dr.', firstName: 'Clara', lastName: 'Kandidatin' }, self: true,
        validUntil: new Date('2030-03-31T23:59:59.999Z'), language: 'en-US',
      },
      excel: true,
    });
    expect(readAssessmentCreateForm(form({ questionnaire: 'competency-24', count: '1' }), imported, now)).toEqual({
      ok: true, options: { questionnaireKey: 'competency-24', count: 1, self: false }, excel: false,
    });
  });

  it.each([
    [{ questionnaire: 'not-imported', count: '1' }, 'questionnaire', 'questionnaire'],
    [{ questionnaire: 'grid-10', count: '0' }, 'count', 'count'],
    [{ questionnaire: 'grid-10', count: String(CONSOLE_MAX_COUNT + 1) }, 'count', 'count'],
    [{ questionnaire: 'grid-10', count: '2.5' }, 'count', 'count'],
    [{ questionnaire: 'grid-10', count: '' }, 'count', 'count'],
    [{ questionnaire: 'grid-10', count: '1', lastName: 'x'.repeat(101) }, 'candidate', 'firstName'],
    [{ questionnaire: 'grid-10', count: '1', language: 'xx' }, 'language', 'language'],
    [{ questionnaire: 'grid-10', count: '1', validUntil: '2029-12-31' }, 'validUntil', 'validUntil'],
    [{ questionnaire: 'grid-10', count: '1', validUntil: '2030-02-30' }, 'validUntil', 'validUntil'],
    [{ questionnaire: 'grid-10', count: '1', validUntil: 'tomorrow' }, 'validUntil', 'validUntil'],
  ])('refuses %j as %s, on field %s, and keeps what was typed', (fields, problem, name) => {
    const read = readAssessmentCreateForm(form(fields), imported, now);
    expect(read).toMatchObject({ ok: false, problem, field: name });
    if (!read.ok) expect(read.values.questionnaire).toBe(fields.questionnaire);
  });

  it('takes exactly the console\'s limit', () => {
    expect(readAssessmentCreateForm(form({ questionnaire: 'grid-10', count: String(CONSOLE_MAX_COUNT) }), imported, now)).toMatchObject({ ok: true });
  });
});

describe('readGroupCodeCreateForm', () => {
  it('reads variant, questionnaires in the command line\'s notation, own code, valid-until and language', () => {
    expect(readGroupCodeCreateForm(form({
      variant: 'kodew', questionnaires: 'kodew-strengths:1, kodew-leadership:3:unselectable', code: 'MYGROUP01', validUntil: '2030-06-30', language: 'en-US',
    }), now)).toEqual({
      ok: true,
      options: {
        variant: 'kodew',
        questionnaires: [{ key: 'kodew-strengths', questionnaireType: 1, selectable: true }, { key: 'kodew-leadership', questionnaireType: 3, selectable: false }],
        code: 'MYGROUP01', validUntil: new Date('2030-06-30T23:59:59.999Z'), language: 'en-US',
      },
    });
    expect(readGroupCodeCreateForm(form({ variant: 'ra', questionnaires: 'ra-requirements' }), now)).toEqual({
      ok: true, options: { variant: 'ra', questionnaires: [{ key: 'ra-requirements', questionnaireType: 1, selectable: true }] },
    });
  });

  it.each([
    [{ variant: 'web', questionnaires: 'a' }, 'variant', 'variant'],
    [{ variant: 'kodew', questionnaires: ' , ' }, 'questionnaires', 'questionnaires'],
    [{ variant: 'kodew', questionnaires: 'a,a' }, 'questionnaires', 'questionnaires'],
    [{ variant: 'kodew', questionnaires: 'a:1:unselectable' }, 'questionnaires', 'questionnaires'],
    [{ variant: 'ra', questionnaires: 'a,b' }, 'noSelection', 'questionnaires'],
    [{ variant: 'kodew', questionnaires: 'a', code: 'no spaces' }, 'code', 'code'],
    [{ variant: 'kodew', questionnaires: 'a', validUntil: '2020-01-01' }, 'validUntil', 'validUntil'],
    [{ variant: 'kodew', questionnaires: 'a', language: 'klingon' }, 'language', 'language'],
  ])('refuses %j as %s', (fields, problem, name) => {
    expect(readGroupCodeCreateForm(form(fields), now)).toMatchObject({ ok: false, problem, field: name, values: { variant: fields.variant, questionnaires: fields.questionnaires } });
  });
});

import type { z } from 'zod';
import { browserRequestSchema, CALL_PATHS, CALLS, type CallPath } from './catalogue';
import { answersPayload } from './schemas/questionnaire';

/** The first issue of a failed parse; fails the test when the parse succeeded. */
function firstIssue(schema: z.ZodType, value: unknown): z.core.$ZodIssue {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return result.error!.issues[0]!;
}

/** A minimal valid request per call, so each strictness case changes exactly one thing. */
const VALID: Partial<Record<CallPath, Record<string, unknown>>> = {
  pageinfo: { category: 'Home', uiLanguage: 'de-DE', questionnaireLanguage: 'en-US', product: 1 },
  'pageinfo/questionnaire': { questionsPerPage: 4, questionStartIndex: 5, answers: '' },
  'pageinfo/portal/login': { portalId: 'PT1', groupCodeIdent: 'PTDEMO01', product: 5 },
  loadImage: { category: 'img-1' },
  'submit/kodekodex/identcode': { assessmentIdentCode: 'P1DEMO01', questionnaireLanguage: 'de-DE', portalId: 3 },
  'submit/kodekodex/login': { passwordHash: 'abc=' },
  'submit/kodew/login': { groupcode: 'abc=', uiLanguage: 'it-IT' },
  'submit/kodekodex/register': {
    gender: 1,
    firstName: 'Anna',
    lastName: 'Muster',
    emailAddress: 'anna@example.com',
    passwordEncrypted: '',
  },
  'submit/kodew/personalinfo': { additionalFieldsWithValues: [{ id: 1, value: 'x' }], password: '' },
  'submit/kodew/assessmentselection': { selectedQuestionnaireId: 7, type: 2 },
  'submit/portal/invoiceinfo': {
    groupCodeIdent: 'PTDEMO01',
    portalId: 'PT1',
    isDataPrivacyChecked: true,
    invoiceIsPrivate: false,
    invoiceName: 'A',
    invoiceStreet: 'B',
    invoiceCity: 'C',
    invoiceEmail: 'd@e.f',
    invoiceProductText: 'P',
    invoiceProductPrice: 345.67,
  },
  'submit/portal/sucessfullyPaid': { transactionId: 'T1', paymentDetails: { id: 'x' } },
  'submit/finishassessment': {},
};
const VALID_PATHS = Object.keys(VALID) as CallPath[];

describe('requests are strict', () => {
  it.each(VALID_PATHS)('%s: the minimal valid body passes, with and without a token', (path) => {
    expect(CALLS[path].request.safeParse(VALID[path]).success).toBe(true);
    expect(CALLS[path].request.safeParse({ ...VALID[path], token: 'a.b.c' }).success).toBe(true);
  });

  it.each(VALID_PATHS)('%s: an unknown field is refused by name', (path) => {
    const issue = firstIssue(CALLS[path].request, { ...VALID[path], isAdmin: true });
    expect(issue).toMatchObject({ code: 'unrecognized_keys', keys: ['isAdmin'] });
  });

  it.each(CALL_PATHS)('%s: the browser variant refuses a token by name', (path) => {
    // Calls without a minimal body here also miss required fields; the token must still be named.
    const result = browserRequestSchema(path).safeParse({ ...(VALID[path] ?? {}), token: 'a.b.c' });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toContainEqual(expect.objectContaining({ code: 'unrecognized_keys', keys: ['token'] }));
  });

  it.each<[CallPath, Record<string, unknown>, Array<string | number>]>([
    ['pageinfo', { uiLanguage: 'es-ES' }, ['uiLanguage']],
    ['pageinfo', { questionnaireLanguage: 'cs-CZ' }, ['questionnaireLanguage']],
    ['pageinfo', { product: 6 }, ['product']],
    ['pageinfo', { product: '1' }, ['product']],
    ['pageinfo', { product: 1.5 }, ['product']],
    ['pageinfo', { category: 42 }, ['category']],
    ['pageinfo', { category: 'x'.repeat(101) }, ['category']],
    ['pageinfo/questionnaire', { questionsPerPage: 0 }, ['questionsPerPage']],
    ['pageinfo/questionnaire', { questionStartIndex: '5' }, ['questionStartIndex']],
    ['pageinfo/questionnaire', { answers: 'x'.repeat(64 * 1024 + 1) }, ['answers']],
    ['loadImage', {}, ['category']],
    ['loadImage', { category: '' }, ['category']],
    ['submit/kodekodex/identcode', {}, ['assessmentIdentCode']],
    ['submit/kodekodex/identcode', { assessmentIdentCode: 12345678 }, ['assessmentIdentCode']],
    ['submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01', portalId: { id: 1 } }, ['portalId']],
    ['submit/kodekodex/login', {}, ['passwordHash']],
    ['submit/kodekodex/login', { passwordHash: '' }, ['passwordHash']],
    ['submit/kodekodex/login', { passwordHash: 'x'.repeat(1025) }, ['passwordHash']],
    ['submit/kodew/login', { groupcode: 'abc', uiLanguage: 'en' }, ['uiLanguage']],
    ['submit/kodekodex/register', { ...VALID['submit/kodekodex/register'], gender: 2 }, ['gender']],
    ['submit/kodekodex/register', { ...VALID['submit/kodekodex/register'], emailAddress: null }, ['emailAddress']],
    ['submit/kodew/personalinfo', { additionalFieldsWithValues: [{ id: 'one', value: 'x' }], password: '' }, ['additionalFieldsWithValues', 0, 'id']],
    ['submit/kodew/personalinfo', { additionalFieldsWithValues: [{ id: 1, value: 'x', extra: 1 }], password: '' }, ['additionalFieldsWithValues', 0]],
    ['submit/kodew/assessmentselection', { selectedQuestionnaireId: '7', type: 2 }, ['selectedQuestionnaireId']],
    ['submit/portal/invoiceinfo', { ...VALID['submit/portal/invoiceinfo'], invoiceProductPrice: -1 }, ['invoiceProductPrice']],
    ['submit/portal/invoiceinfo', { ...VALID['submit/portal/invoiceinfo'], isDataPrivacyChecked: 'true' }, ['isDataPrivacyChecked']],
    ['submit/portal/sucessfullyPaid', { transactionId: 'T1', paymentDetails: 'paid' }, ['paymentDetails']],
    ['submit/finishassessment', { token: 5 }, ['token']],
  ])('%s with %j is refused at path %j', (path, body, where) => {
    expect(firstIssue(CALLS[path].request, body).path).toEqual(where);
  });

  it.each(CALL_PATHS)('%s: a body that is not an object is refused', (path) => {
    for (const value of [null, [], 'text', 42]) expect(CALLS[path].request.safeParse(value).success).toBe(false);
  });
});

describe('responses are lenient', () => {
  it.each(CALL_PATHS.filter((p) => CALLS[p].kind !== 'image'))('%s: the base answer parses, unknown fields are kept, nulls default', (path) => {
    const parsed = CALLS[path].response.parse({ statusCode: 1, detailCode: null, token: null, somethingNew: { a: 1 } }) as Record<string, unknown>;
    expect(parsed).toMatchObject({ statusCode: 1, detailCode: 0, somethingNew: { a: 1 } });
  });

  it.each(CALL_PATHS.filter((p) => CALLS[p].kind === 'pageinfo'))('%s: missing translations become an empty list', (path) => {
    const parsed = CALLS[path].response.parse({ statusCode: 1 }) as unknown as { translations: unknown };
    expect(parsed.translations).toEqual([]);
  });

  it.each(CALL_PATHS.filter((p) => CALLS[p].kind !== 'image'))('%s: an answer without statusCode is refused at statusCode', (path) => {
    expect(firstIssue(CALLS[path].response, { detailCode: 0 }).path).toEqual(['statusCode']);
  });

  it('translations with a null value become empty text, extra fields on a translation are kept', () => {
    const parsed = CALLS.pageinfo.response.parse({ statusCode: 1, translations: [{ key: 'A', value: null, lang: 'de' }] });
    expect(parsed.translations).toEqual([{ key: 'A', value: '', lang: 'de' }]);
  });

  it('a questionnaire page keeps unknown fields on questions and answers', () => {
    const parsed = CALLS['pageinfo/questionnaire'].response.parse({
      statusCode: 1,
      questions: [{ questionIndex: 5, id: 9, text: null, answerInfos: [{ id: 1, answerIndex: 0, value: 1, colour: 'red' }], weight: 3 }],
      answervaluesConfig: { valueInfos: [{ value: 1, caption: null }], groupCaptions: null },
    });
    expect(parsed.questions?.[0]).toMatchObject({ questionIndex: 5, weight: 3, answerInfos: [{ colour: 'red' }] });
  });

  it('a questionnaire page whose question lacks answerInfos is refused at that path', () => {
    const issue = firstIssue(CALLS['pageinfo/questionnaire'].response, { statusCode: 1, questions: [{ questionIndex: 1, id: 1 }] });
    expect(issue.path).toEqual(['questions', 0, 'answerInfos']);
  });

  it('the image call answers with text', () => {
    expect(CALLS.loadImage.response.parse('iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
    expect(CALLS.loadImage.response.safeParse({ statusCode: 1 }).success).toBe(false);
  });

  it('the portal page accepts its price as a number and its id as text or number', () => {
    expect(CALLS['pageinfo/portal/login'].response.parse({ statusCode: 1, portalId: 7, productPrice: 345.67 })).toMatchObject({ portalId: 7, productPrice: 345.67 });
    expect(firstIssue(CALLS['pageinfo/portal/login'].response, { statusCode: 1, productPrice: '345.67' }).path).toEqual(['productPrice']);
  });
});

describe('answersPayload (the decoded answers field)', () => {
  it.each([
    [{ questionStartIndex: 1, answers: [] }],
    [{ questionStartIndex: 5, answers: [{ id: 1, value: -2 }, { id: 2, value: -1 }, { id: 3, value: 100 }, { id: 4, value: 0 }] }],
  ])('accepts %j', (value) => {
    expect(answersPayload.safeParse(value).success).toBe(true);
  });

  it.each<[unknown, Array<string | number>]>([
    [{ questionStartIndex: 0, answers: [] }, ['questionStartIndex']],
    [{ answers: [] }, ['questionStartIndex']],
    [{ questionStartIndex: 1 }, ['answers']],
    [{ questionStartIndex: 1, answers: [{ id: 1, value: -3 }] }, ['answers', 0, 'value']],
    [{ questionStartIndex: 1, answers: [{ id: 1, value: 101 }] }, ['answers', 0, 'value']],
    [{ questionStartIndex: 1, answers: [{ id: 1, value: 1.5 }] }, ['answers', 0, 'value']],
    [{ questionStartIndex: 1, answers: [{ id: '1', value: 1 }] }, ['answers', 0, 'id']],
    [{ questionStartIndex: 1, answers: Array.from({ length: 201 }, (_, id) => ({ id, value: 1 })) }, ['answers']],
  ])('refuses %j at %j', (value, where) => {
    expect(firstIssue(answersPayload, value).path).toEqual(where);
  });

  it.each([
    [{ questionStartIndex: 1, answers: [], extra: true }, ['extra']],
    [{ questionStartIndex: 1, answers: [{ id: 1, value: 1, note: 'x' }] }, ['note']],
  ])('refuses unknown fields in %j', (value, keys) => {
    expect(firstIssue(answersPayload, value)).toMatchObject({ code: 'unrecognized_keys', keys });
  });
});

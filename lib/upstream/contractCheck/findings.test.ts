import { judgeReply, unknownFields, type Reply } from './findings';
import { identCodeResponse } from '@/lib/api/schemas/login';
import { maskCode, maskEmail, maskUrl } from './mask';

/** A PNG's first bytes, as loadImage would answer them (base64 text). */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64');

const answer = (body: unknown, contentType = 'application/json; charset=utf-8'): Reply => ({
  kind: 'answer',
  contentType,
  text: typeof body === 'string' ? body : JSON.stringify(body),
});

const LOGIN_OK = { statusCode: 1, detailCode: 0, token: 'a.b.c', username: 'Erika', isFirstLogin: false, hasAnsweredSomeQuestions: false, isPasswordSet: true };
const PAGE_OK = {
  statusCode: 1,
  detailCode: 0,
  translations: [{ key: 'PageOf', value: 'Seite' }],
  questions: [{ questionIndex: 1, id: 7, text: 'Q', answerInfos: [{ id: 70, answerIndex: 0, value: 1 }, { id: 71, answerIndex: 1, value: 2 }] }],
};

describe('an answer judged by its call’s schema', () => {
  it.each<[string, Parameters<typeof judgeReply>[0], Reply, Array<[string, string]>]>([
    ['a login answer as the contract says', 'submit/kodekodex/login', answer(LOGIN_OK), []],
    ['nulls where the contract allows them', 'submit/kodekodex/login', answer({ ...LOGIN_OK, detailCode: null, username: null, isFirstLogin: null }), []],
    ['a missing statusCode', 'submit/kodekodex/login', answer({ ...LOGIN_OK, statusCode: undefined }), [['failure', "missing field 'statusCode' (expected number)"]]],
    ['a mistyped field', 'submit/kodekodex/login', answer({ ...LOGIN_OK, isFirstLogin: 'no' }), [['failure', "field 'isFirstLogin' has the wrong type: expected boolean, got string"]]],
    [
      'a mistyped field deep in a page',
      'pageinfo/questionnaire',
      answer({ ...PAGE_OK, questions: [{ ...PAGE_OK.questions[0], answerInfos: [{ id: 70, answerIndex: 0, value: '1' }] }] }),
      [['failure', "field 'questions[0].answerInfos[0].value' has the wrong type: expected number, got string"]],
    ],
    ['a missing field deep in a page', 'pageinfo/questionnaire', answer({ ...PAGE_OK, translations: [{ value: 'Seite' }] }), [['failure', "missing field 'translations[0].key' (expected string)"]]],
    ['a value outside an enum', 'pageinfo/kodew/personalinfo', answer({ statusCode: 1, detailCode: 0, additionalFieldsWithValues: [{ id: 1, name: 'Team', fieldType: 'Radio', sortNumber: 1 }] }), [
      ['failure', "field 'additionalFieldsWithValues[0].fieldType' does not fit the contract: Invalid option: expected one of \"Text\"|\"List\""],
    ]],
    ['an unknown field', 'submit/kodekodex/login', answer({ ...LOGIN_OK, lastSeen: '2026-01-01' }), [['note', "unknown field 'lastSeen'"]]],
    [
      'an unknown field in every question, named once',
      'pageinfo/questionnaire',
      answer({ ...PAGE_OK, questions: [{ ...PAGE_OK.questions[0], weight: 1 }, { ...PAGE_OK.questions[0], id: 8, weight: 2 }] }),
      [['note', "unknown field 'questions[].weight'"]],
    ],
    ['names of Object’s prototype are unknown fields too', 'submit/kodekodex/login', answer({ ...LOGIN_OK, constructor: 1 }), [['note', "unknown field 'constructor'"]]],
    ['an answer that is no JSON', 'pageinfo/headerfooter', answer('<html>maintenance</html>', 'text/html'), [['failure', 'answer is not JSON (content type text/html)']]],
    ['JSON that is no object', 'pageinfo/headerfooter', answer([1, 2]), [['failure', 'answer is JSON but no object (array)']]],
    ['HTTP 500', 'submit/finishassessment', { kind: 'http-error', status: 500 }, [['failure', 'HTTP 500']]],
    ['HTTP 404', 'submit/finishassessment', { kind: 'http-error', status: 404 }, [['failure', 'HTTP 404: the upstream does not offer this call']]],
    ['no answer in time', 'pageinfo', { kind: 'timeout' }, [['failure', 'no answer in time']]],
    ['no answer', 'pageinfo', { kind: 'unreachable', reason: 'fetch failed (connect ECONNREFUSED 127.0.0.1:9)' }, [['failure', 'no answer: fetch failed (connect ECONNREFUSED 127.0.0.1:9)']]],
    ['an image as base64 text', 'loadImage', answer(PNG, 'text/plain; charset=utf-8'), []],
    ['no image: a JSON status', 'loadImage', answer({ statusCode: 2, detailCode: 0 }), []],
    ['no image: a JSON answer without a status', 'loadImage', answer({ detailCode: 0 }), [['failure', "missing field 'statusCode' (expected number)"]]],
    [
      'text that is no image',
      'loadImage',
      answer('<svg/>', 'text/plain'),
      [['failure', 'answer is neither a JSON status nor a PNG, JPEG, GIF or WebP image as base64 text (content type text/plain)']],
    ],
  ])('%s', (_name, path, reply, expected) => {
    expect(judgeReply(path, reply).findings.map((f) => [f.level, f.text])).toEqual(expected);
  });

  it('never quotes a value of the answer, only names and types', () => {
    const secret = 'eyJzZWNyZXQiOiJ0b2tlbiJ9.c2lnbmF0dXJl';
    const findings = judgeReply('submit/kodekodex/login', answer({ ...LOGIN_OK, token: 42, username: 7, accessCode: secret, isFirstLogin: secret })).findings;
    expect(findings.map((f) => f.text).sort()).toEqual([
      "field 'isFirstLogin' has the wrong type: expected boolean, got string",
      "field 'token' has the wrong type: expected string, got number",
      "field 'username' has the wrong type: expected string, got number",
      "unknown field 'accessCode'",
    ]);
    expect(JSON.stringify(findings)).not.toContain(secret);
  });

  it('hands the flow the answer it read, and the image', () => {
    expect(judgeReply('submit/kodekodex/login', answer(LOGIN_OK)).answer).toEqual(LOGIN_OK);
    expect(judgeReply('loadImage', answer(PNG, 'text/plain')).image).toBe(true);
  });
});

describe('unknownFields', () => {
  it('walks through optional, nullable and transformed fields', () => {
    expect(unknownFields(identCodeResponse, { statusCode: 1, detailCode: null, stylesheet: null, extra: { a: 1 } })).toEqual(['extra']);
  });
});

describe('masks', () => {
  it.each([
    ['P1DEMO01', 'P1******'],
    ['RANK4711', 'RA******'],
    ['ABC12', '*****'],
    ['', '*'],
  ])('code %s → %s', (code, masked) => expect(maskCode(code)).toBe(masked));

  it('e-mail addresses and addresses with credentials', () => {
    expect(maskEmail('qa@example.org')).toBe('q***@example.org');
    expect(maskUrl('https://user:pw@api.example/api?key=s3cret')).toBe('https://***@api.example/api?***');
    expect(maskUrl('http://127.0.0.1:3001/api')).toBe('http://127.0.0.1:3001/api');
  });
});

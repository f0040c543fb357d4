import { LANGUAGES } from '@/lib/api/languages';
import { CATALOGUES, translationsFor } from '@/lib/embedded-api/translations';
import { translator } from '@/lib/i18n/translate';
import deMessages from '@/messages/de-DE.json';
import { errorPageLogin, errorPageMessage, errorPageStart, isSignOutRecord, type ChromeTexts } from './errorPage';
import { errorPageUrl, parseErrorRecord, type ErrorRecord } from './errorRecord';

/** The error page's own texts, as the German message file has them. */
const chrome: ChromeTexts = {
  internal: (id) => deMessages.errorPage.internal.replace('{id}', id),
  noDatabase: (id) => deMessages.errorPage.noDatabase.replace('{id}', id),
  cookiesMissing: deMessages.errorPage.cookiesMissing,
  typedCodeInvalid: deMessages.errorPage.typedCodeInvalid,
  typedCodeExpired: deMessages.errorPage.typedCodeExpired,
};
const t = translator(translationsFor('de-DE'));
const de = CATALOGUES['de-DE'];

describe('errorPageMessage (spec §8)', () => {
  it('no stored record: no message', () => {
    expect(errorPageMessage(undefined, t, chrome)).toBeUndefined();
  });

  it('Ok + SucessfullyLoggedOut: the sign-out message', () => {
    expect(errorPageMessage({ statusCode: 1, detailCode: 20 }, t, chrome)).toBe(de.SignOutMessage);
  });

  it('Exception + NoDatabaseConnection: the maintenance text with the exception id as Detail-Code', () => {
    expect(errorPageMessage({ statusCode: 13, detailCode: 7, exceptionId: 'ABC123' }, t, chrome)).toBe(
      'Der Server wird zurzeit gewartet. Bitte versuchen Sie es später noch einmal. Detail-Code: ABC123',
    );
  });

  it.each([0, 24, 1, 20])('Exception with detail %i: the internal-error text with the id', (detailCode) => {
    expect(errorPageMessage({ statusCode: 13, detailCode, exceptionId: 'XYZ789' }, t, chrome)).toBe(
      'Ein interner Fehler ist aufgetreten. Detail-Code: XYZ789',
    );
  });

  it('no cookies came back (the proxy\'s CookiesMissing): what happened and what to do, never the internal-error text', () => {
    const message = errorPageMessage(parseErrorRecord({ statusCode: '0', detailCode: '112' }), t, chrome);
    expect(message).toBe(deMessages.errorPage.cookiesMissing);
    expect(message).toContain('Erlauben Sie Cookies für diese Seite');
    // The same detail with another status is no refusal of the proxy's.
    expect(errorPageMessage({ statusCode: 3, detailCode: 112 }, t, chrome)).not.toBe(deMessages.errorPage.cookiesMissing);
  });

  it('Exception without an id: the internal-error text with an empty Detail-Code', () => {
    expect(errorPageMessage({ statusCode: 13, detailCode: 24 }, t, chrome)).toBe('Ein interner Fehler ist aufgetreten. Detail-Code: ');
  });

  it.each<[number, keyof typeof de]>([
    [2, 'ErrorCodeMsg_NoRecordset'],
    [3, 'ErrorCodeMsg_TokenInvalid'],
    [4, 'ErrorCodeMsg_TokenExpired'],
    [5, 'ErrorCodeMsg_PostDataIsInvalid'],
    [6, 'ErrorCodeMsg_AssessmentIdentCodeIsInvalid'],
    [8, 'ErrorCodeMsg_AssessmentDoesNotExist'],
    [9, 'ErrorCodeMsg_AssessmentAlreadyFinished'],
    [12, 'ErrorCodeMsg_MailNotSent'],
    [14, 'ErrorCodeMsg_AssessmentIdentCodeIsExpired'],
  ])('status %i: the translation %s', (statusCode, key) => {
    const message = errorPageMessage({ statusCode, detailCode: 0 }, t, chrome);
    expect(message).toBe(de[key]);
    expect(message).not.toMatch(/^KEY:/);
  });

  it.each(LANGUAGES)('too many unknown ident codes (6 / 101) in %s: ErrorIdentCodeLocked, not the unknown-code text', (language) => {
    const message = errorPageMessage({ statusCode: 6, detailCode: 101 }, translator(translationsFor(language)), chrome);
    expect(message).toBe(CATALOGUES[language].ErrorIdentCodeLocked);
    expect(message).not.toBe(CATALOGUES[language].ErrorCodeMsg_AssessmentIdentCodeIsInvalid);
  });

  it('6 / 101 with an upstream that lacks ErrorIdentCodeLocked: the status message', () => {
    const others = translationsFor('de-DE').filter((entry) => entry.key !== 'ErrorIdentCodeLocked');
    expect(errorPageMessage({ statusCode: 6, detailCode: 101 }, translator(others), chrome)).toBe(de.ErrorCodeMsg_AssessmentIdentCodeIsInvalid);
  });

  it.each(LANGUAGES.flatMap((language) => [
    [language, 104, 'ErrorPortalUnknown'],
    [language, 105, 'ErrorPortalWithoutPrice'],
  ] as const))('portal page, %s, NoRecordset / %i: %s, not the generic no-records text', (language, detailCode, key) => {
    const message = errorPageMessage({ statusCode: 2, detailCode }, translator(translationsFor(language)), chrome);
    expect(message).toBe((CATALOGUES[language] as Record<string, string>)[key]);
    expect(message).not.toBe(CATALOGUES[language].ErrorCodeMsg_NoRecordset);
  });

  it('NoRecordset with another detail: still the generic no-records text', () => {
    expect(errorPageMessage({ statusCode: 2, detailCode: 103 }, t, chrome)).toBe(de.ErrorCodeMsg_NoRecordset);
  });

  it('status 9 in English: the English translation', () => {
    expect(errorPageMessage({ statusCode: 9, detailCode: 0 }, translator(translationsFor('en-US')), chrome)).toBe(
      'This assessment has already been completed. Thank you for taking part.',
    );
  });

  it.each([
    [0, 'Undefined'],
    [7, 'CanNotDelete'],
    [10, 'AssessmentAlreadyExists'],
    [11, 'AssessmentNotCreated'],
  ])('status %i (%s) has no translation: the internal-error text, never "KEY:"', (statusCode) => {
    const message = errorPageMessage({ statusCode, detailCode: 0, exceptionId: 'ID1' }, t, chrome);
    expect(message).toBe('Ein interner Fehler ist aufgetreten. Detail-Code: ID1');
  });

  it('Ok without the sign-out detail: ErrorCodeMsg_Ok is missing, so the internal-error text', () => {
    expect(errorPageMessage({ statusCode: 1, detailCode: 0 }, t, chrome)).toBe('Ein interner Fehler ist aufgetreten. Detail-Code: ');
  });

  it.each([15, 42, 999])('an unknown status number %i: the internal-error text', (statusCode) => {
    expect(errorPageMessage({ statusCode, detailCode: 0, exceptionId: 'ID2' }, t, chrome)).toBe('Ein interner Fehler ist aufgetreten. Detail-Code: ID2');
  });

  it('an empty translation table (page info failed): translated statuses fall back to the internal text', () => {
    expect(errorPageMessage({ statusCode: 9, detailCode: 0 }, translator([]), chrome)).toBe('Ein interner Fehler ist aufgetreten. Detail-Code: ');
  });

  it('an empty translation table and a sign-out: "KEY: SignOutMessage" (a missing key shows as such)', () => {
    expect(errorPageMessage({ statusCode: 1, detailCode: 20 }, translator([]), chrome)).toBe('KEY: SignOutMessage');
  });
});

describe('a typed ident code is not told as "the code in your link"', () => {
  it.each<[number, string]>([
    [6, deMessages.errorPage.typedCodeInvalid],
    [14, deMessages.errorPage.typedCodeExpired],
  ])('status %i, typed: the typed-code text', (statusCode, text) => {
    const message = errorPageMessage({ statusCode, detailCode: 6, codeTyped: true }, t, chrome);
    expect(message).toBe(text);
    expect(message).not.toMatch(/Link/);
  });

  it.each([6, 14])('status %i from the address: the upstream text about the link', (statusCode) => {
    expect(errorPageMessage({ statusCode, detailCode: 6 }, t, chrome)).toMatch(/in Ihrem Link/);
  });

  it.each([9, 3, 13])('status %i, typed: typing changes nothing for other statuses', (statusCode) => {
    expect(errorPageMessage({ statusCode, detailCode: 0, codeTyped: true }, t, chrome)).toBe(errorPageMessage({ statusCode, detailCode: 0 }, t, chrome));
  });
});

describe('errorPageStart: what the error page offers to go on', () => {
  it.each<[ErrorRecord | undefined, ReturnType<typeof errorPageStart>]>([
    [undefined, 'identCodeForm'],
    [{ statusCode: 6, detailCode: 6, codeTyped: true }, 'typeAgain'],
    [{ statusCode: 14, detailCode: 0, codeTyped: true }, 'typeAgain'],
    [{ statusCode: 6, detailCode: 6 }, undefined],
    [{ statusCode: 9, detailCode: 0, codeTyped: true }, undefined],
    [{ statusCode: 3, detailCode: 17 }, undefined],
    [{ statusCode: 1, detailCode: 20 }, undefined],
  ])('%j → %p', (record, expected) => {
    expect(errorPageStart(record)).toBe(expected);
  });
});

describe('isSignOutRecord', () => {
  it.each<[ErrorRecord | undefined, boolean]>([
    [{ statusCode: 1, detailCode: 20 }, true],
    [{ statusCode: 1, detailCode: 0 }, false],
    [{ statusCode: 13, detailCode: 20 }, false],
    [undefined, false],
  ])('%j → %p', (record, expected) => {
    expect(isSignOutRecord(record)).toBe(expected);
  });
});

describe('errorPageUrl / parseErrorRecord', () => {
  it.each<[ErrorRecord, '/error' | '/info' | undefined, string]>([
    [{ statusCode: 3, detailCode: 17 }, undefined, '/error?statusCode=3&detailCode=17'],
    [{ statusCode: 13, detailCode: 24, exceptionId: 'ABCDEFGHJK' }, '/error', '/error?statusCode=13&detailCode=24&exceptionId=ABCDEFGHJK'],
    [{ statusCode: 1, detailCode: 20 }, '/info', '/info?statusCode=1&detailCode=20'],
    [{ statusCode: 13, detailCode: 24, exceptionId: '<script>' }, undefined, '/error?statusCode=13&detailCode=24'],
    [{ statusCode: 13, detailCode: 24, exceptionId: 'x'.repeat(65) }, undefined, '/error?statusCode=13&detailCode=24'],
    [{ statusCode: 6, detailCode: 6, codeTyped: true }, undefined, '/error?statusCode=6&detailCode=6&typed=1'],
  ])('errorPageUrl(%j, %p) → %s', (record, page, expected) => {
    expect(errorPageUrl(record, page)).toBe(expected);
  });

  it.each<ErrorRecord>([
    { statusCode: 9, detailCode: 0 },
    { statusCode: 13, detailCode: 7, exceptionId: 'a_b-C9' },
    { statusCode: 1, detailCode: 20 },
    { statusCode: 6, detailCode: 6, codeTyped: true },
  ])('round-trips %j through the address', (record) => {
    const query = new URL(errorPageUrl(record), 'https://x.example').searchParams;
    expect(parseErrorRecord(Object.fromEntries(query))).toEqual(record);
  });

  it.each<[Record<string, string | string[] | undefined>, ErrorRecord | undefined]>([
    [{}, undefined],
    [{ detailCode: '3' }, undefined],
    [{ statusCode: 'abc' }, undefined],
    [{ statusCode: '1.5' }, undefined],
    [{ statusCode: '-1' }, undefined],
    [{ statusCode: '1000' }, undefined],
    [{ statusCode: '9' }, { statusCode: 9, detailCode: 0 }],
    [{ statusCode: '9', detailCode: 'x' }, { statusCode: 9, detailCode: 0 }],
    [{ statusCode: '9', detailCode: '-4' }, { statusCode: 9, detailCode: 0 }],
    [{ statusCode: ['3', '9'], detailCode: ['17', '1'] }, { statusCode: 3, detailCode: 17 }],
    [{ statusCode: '13', detailCode: '24', exceptionId: 'bad id!' }, { statusCode: 13, detailCode: 24 }],
    [{ statusCode: '13', detailCode: '24', exceptionId: 'GOOD_id-1' }, { statusCode: 13, detailCode: 24, exceptionId: 'GOOD_id-1' }],
    [{ statusCode: '6', typed: 'yes' }, { statusCode: 6, detailCode: 0 }],
  ])('parseErrorRecord(%j) → %j', (params, expected) => {
    expect(parseErrorRecord(params)).toEqual(expected);
  });

  it.each([[{ statusCode: '' }], [{ statusCode: ' ' }]])('parseErrorRecord(%j) is no record', (params) => {
    expect(parseErrorRecord(params)).toBeUndefined();
  });
});

describe("errorPageLogin: the login button (spec §2: ../kodew when the token's product is 4, otherwise nothing)", () => {
  it.each<[number | undefined, string | undefined]>([
    [4, '/kodew'],
    [1, undefined],
    [2, undefined],
    [3, undefined],
    [5, undefined],
    [0, undefined],
    [undefined, undefined],
  ])('product %p → %p', (product, route) => {
    expect(errorPageLogin(product)).toBe(route);
  });
});

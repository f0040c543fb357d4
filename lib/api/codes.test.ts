import { DetailCode, detailName, isProduct, Product, StatusCode, statusName } from './codes';

const STATUS_TABLE: Array<[keyof typeof StatusCode, number]> = [
  ['Undefined', 0],
  ['Ok', 1],
  ['NoRecordset', 2],
  ['TokenInvalid', 3],
  ['TokenExpired', 4],
  ['PostDataIsInvalid', 5],
  ['AssessmentIdentCodeIsInvalid', 6],
  ['CanNotDelete', 7],
  ['AssessmentDoesNotExist', 8],
  ['AssessmentAlreadyFinished', 9],
  ['AssessmentAlreadyExists', 10],
  ['AssessmentNotCreated', 11],
  ['MailNotSent', 12],
  ['Exception', 13],
  ['AssessmentIdentCodeIsExpired', 14],
];

const DETAIL_TABLE: Array<[keyof typeof DetailCode, number]> = [
  ['NoDetails', 0],
  ['UrlCodeIsEmpty', 1],
  ['UrlCodeHasInvalidLength', 2],
  ['UrlCodeChecksumInvalid', 3],
  ['UnknownClientCode', 4],
  ['UnknownConsultantCode', 5],
  ['UnknownAssessmentCode', 6],
  ['NoDatabaseConnection', 7],
  ['UnknownClient', 8],
  ['UnknownConsultant', 9],
  ['UnknownPerson', 10],
  ['AssessmentExists', 11],
  ['NoExists', 12],
  ['LinkingToOtherTables', 13],
  ['PersonHasOtherAssessment', 14],
  ['ConsultantHasOtherAssessment', 15],
  ['UnknownAssessmentId', 16],
  ['TokenIsEmpty', 17],
  ['TokenUnableToDecode', 18],
  ['UnableToDecryptClientData', 19],
  ['SucessfullyLoggedOut', 20],
  ['UnableToSendMail', 21],
  ['NoConnectionWithEmailServer', 22],
  ['TokenUnknown', 23],
  ['Exception', 24],
];

const PRODUCT_TABLE: Array<[keyof typeof Product, number]> = [
  ['Unknown', 0],
  ['CompetencyQuestionnaire', 1],
  ['SecondQuestionnaire', 2],
  ['RequirementsAnalysis', 3],
  ['GroupWeb', 4],
  ['Portal', 5],
];

describe('StatusCode (spec §3: 0–14)', () => {
  it('has exactly the 15 statuses of the spec, nothing more', () => {
    expect(Object.keys(StatusCode)).toEqual(STATUS_TABLE.map(([name]) => name));
  });

  it.each(STATUS_TABLE)('%s is %i and statusName(%#) maps it back', (name, value) => {
    expect(StatusCode[name]).toBe(value);
    expect(statusName(value)).toBe(name);
  });

  it.each([-1, 15, 99, 1.5, Number.NaN])('statusName(%p) is undefined for a value the spec does not know', (value) => {
    expect(statusName(value)).toBeUndefined();
  });
});

describe('DetailCode (spec §3: 0–24, upstream spelling kept)', () => {
  it('has exactly the 25 detail codes of the spec, nothing more', () => {
    expect(Object.keys(DetailCode)).toEqual(DETAIL_TABLE.map(([name]) => name));
  });

  it.each(DETAIL_TABLE)('%s is %i and detailName maps it back', (name, value) => {
    expect(DetailCode[name]).toBe(value);
    expect(detailName(value)).toBe(name);
  });

  it('keeps the upstream typo SucessfullyLoggedOut (the upstream sends this name)', () => {
    expect(detailName(20)).toBe('SucessfullyLoggedOut');
  });

  it.each([-1, 25, 100, 2.5])('detailName(%p) is undefined', (value) => {
    expect(detailName(value)).toBeUndefined();
  });
});

describe('Product', () => {
  it.each(PRODUCT_TABLE)('%s is %i and counts as a product', (name, value) => {
    expect(Product[name]).toBe(value);
    expect(isProduct(value)).toBe(true);
  });

  it.each([
    [-1, 'negative'],
    [6, 'above 5'],
    [1.5, 'not an integer'],
    ['1', 'a string'],
    [null, 'null'],
    [undefined, 'undefined'],
    [Number.NaN, 'NaN'],
    [true, 'a boolean'],
  ])('isProduct(%p) is false (%s)', (value, _label) => {
    expect(isProduct(value)).toBe(false);
  });
});

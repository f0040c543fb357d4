import { CSV, csvField, csvHeader, csvLine, EXCEL_CSV, isoUtc, spreadsheetText } from './csv';

describe('CSV as RFC 4180 writes it', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['line\nfeed', '"line\nfeed"'],
    ['Müller; Zoë', 'Müller; Zoë'],
  ])('writes %j as %j', (value, field) => {
    expect(csvField(value, ',')).toBe(field);
  });

  it('quotes the separator of the dialect in use, and leaves empty what is unset', () => {
    expect(csvLine(['a;b', 'c,d', null, undefined, 3, false], EXCEL_CSV)).toBe('"a;b";c,d;;;3;false\r\n');
    expect(csvLine(['a;b', 'c,d', null], CSV)).toBe('a;b,"c,d",\r\n');
  });

  it('starts the Excel variant with the UTF-8 BOM, the standard one without', () => {
    expect(Buffer.from(csvHeader(['a', 'b'], EXCEL_CSV), 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csvHeader(['a', 'b'], CSV)).toBe('a,b\r\n');
  });

  it('writes timestamps as ISO 8601 in UTC', () => {
    expect(isoUtc(new Date('2030-01-02T03:04:05+02:00'))).toBe('2030-01-02T01:04:05.000Z');
    expect(isoUtc('2030-01-02 03:04:05+02')).toBe('2030-01-02T01:04:05.000Z');
    expect(isoUtc(null)).toBeNull();
  });
});

describe('participants\' text in a spreadsheet', () => {
  it.each([
    ['=HYPERLINK("https://evil.example";"click")', '\'=HYPERLINK("https://evil.example";"click")'],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['\rReturn', "'\rReturn"],
    ['Vertrieb', 'Vertrieb'],
    ['3-5', '3-5'],
    ['', ''],
  ])('keeps %j from being taken for a formula: %j', (value, safe) => {
    expect(spreadsheetText(value)).toBe(safe);
  });

  it('leaves an empty cell empty', () => {
    expect(spreadsheetText(null)).toBeNull();
  });
});

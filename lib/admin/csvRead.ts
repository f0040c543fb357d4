/**
 * Reads back the CSV these commands write (RFC 4180: quoted fields, doubled quotes, CRLF; a BOM
 * skipped), for tests and journeys that check a file value by value: its records as arrays of fields.
 */
export function csvRecords(text: string, separator = ','): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted && c === '"' && body[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      field += c;
    } else if (c === separator) {
      record.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      records.push([...record, field]);
      record = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

/** The same as objects by the header's column names. */
export function csvObjects(text: string, separator = ','): Array<Record<string, string>> {
  const [columns, ...rows] = csvRecords(text, separator);
  return rows.map((row) => Object.fromEntries(row.map((value, i) => [columns![i]!, value])));
}

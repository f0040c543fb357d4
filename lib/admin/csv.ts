/**
 * CSV as RFC 4180 writes it: CRLF line ends, quotes inside a field doubled. UTF-8 throughout. The
 * Excel variant (German locales read ';' as the separator and need the BOM to take the file for
 * UTF-8) changes only the separator and starts the file with the BOM.
 *
 * Every CSV the admin command line writes goes through csvLine, so that no export can forget what
 * keeps a spreadsheet from running a cell ("CSV injection"):
 *  - a field holding a comma, a semicolon, a quote, a tab, CR or LF is quoted in both dialects: a
 *    comma-separated file opened directly in German Excel is split at ';', and a ';' that is not
 *    quoted there starts a new cell, which may be a formula;
 *  - text is neutralised (spreadsheetText) wherever a cell could begin.
 */
export type CsvDialect = { separator: ',' | ';'; bom: boolean };

export const CSV: CsvDialect = { separator: ',', bom: false };
export const EXCEL_CSV: CsvDialect = { separator: ';', bom: true };
export const BOM = '\uFEFF';

export type CsvValue = string | number | boolean | null | undefined;

/** Quoted when a reader of either dialect (or one splitting at tabs or lines) could cut the field apart. */
const NEEDS_QUOTES = /[,;"\t\r\n]/;

/** Numbers and booleans as they are (a negative number stays a number); text neutralised, then quoted when needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = spreadsheetText(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[], dialect: CsvDialect): string {
  return `${values.map(csvField).join(dialect.separator)}\r\n`;
}

/** The header line, after the BOM when the dialect wants one. */
export function csvHeader(columns: readonly string[], dialect: CsvDialect): string {
  return (dialect.bom ? BOM : '') + csvLine(columns, dialect);
}

/** A timestamp as ISO 8601 in UTC; null stays empty. PGlite and pg both give Dates; a string is read as one. */
export function isoUtc(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A formula start after a separator, tab or line break inside a field (spaces between count as nothing). */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n]\s*)(?=[=+\-@])/g;
/** A formula start at the beginning of the field; a tab or CR there is dropped by Excel, and what follows is read. */
const FORMULA_AT_START = /^(?:[\t\r]|\s*[=+\-@])/;

/**
 * Text made safe for a spreadsheet: a cell that starts with =, +, -, @, a tab or a carriage return
 * is taken by Excel and LibreOffice for a formula (which can fetch addresses or run commands). An
 * apostrophe makes it text: one goes before the field when it starts so (after any spaces), and one
 * before every =, +, -, @ that follows a ',', ';', tab, CR or LF inside it (after any spaces), since
 * a reader that splits there (Excel in German opening a comma-separated file directly) starts a
 * cell at that point. Only CSV is changed; the JSON exports keep the text as typed.
 */
export function spreadsheetText(value: string): string;
export function spreadsheetText(value: string | null): string | null;
export function spreadsheetText(value: string | null): string | null {
  if (value === null) return null;
  const inner = value.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_AT_START.test(value) ? `'${inner}` : inner;
}

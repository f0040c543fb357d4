/**
 * CSV as RFC 4180 writes it: CRLF line ends, a field in double quotes when it holds the separator,
 * a quote or a line break, quotes inside doubled. UTF-8 throughout. The Excel variant (German
 * locales read ';' as the separator and need the BOM to take the file for UTF-8) changes only the
 * separator and starts the file with the BOM.
 */
export type CsvDialect = { separator: ',' | ';'; bom: boolean };

export const CSV: CsvDialect = { separator: ',', bom: false };
export const EXCEL_CSV: CsvDialect = { separator: ';', bom: true };
export const BOM = '\uFEFF';

export type CsvValue = string | number | boolean | null | undefined;

export function csvField(value: CsvValue, separator: string): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[], dialect: CsvDialect): string {
  return `${values.map((value) => csvField(value, dialect.separator)).join(dialect.separator)}\r\n`;
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

/**
 * Text a participant typed, made safe for a spreadsheet: a cell that starts with =, +, -, @, a tab or
 * a carriage return is taken by Excel and LibreOffice for a formula (which can fetch addresses or
 * run commands: "CSV injection"); a leading apostrophe makes it text. Only for free text from
 * participants; the JSON export keeps it as typed.
 */
export function spreadsheetText(value: string | null): string | null {
  return value !== null && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

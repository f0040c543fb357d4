/**
 * What a database span says about its statement: its first keyword and the table it works on
 * ("SELECT participants", "INSERT answers"), as OpenTelemetry's db.query.summary does. Never the
 * statement's text, never its parameters: only words that match an SQL name are taken from it,
 * so neither a value written into a statement nor a parameter can reach a span.
 */

export type StatementSummary = { operation: string; table?: string; summary: string };

/** Leading comments, white space and an opening parenthesis ("(select …) union …"). */
const LEADING = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/|\()*/;
const KEYWORD = /^[a-z]+/i;
/** A plain or quoted name, maybe schema-qualified; not a function called ("from unnest($1)", written without a space before its parenthesis). */
const NAME = String.raw`(?:"[a-z_][a-z0-9_$]*"|[a-z_][a-z0-9_$]*)`;
const TARGET = new RegExp(String.raw`\b(?:from|into|update|join|table)\s+(?:only\s+|if\s+(?:not\s+)?exists\s+)?(${NAME}(?:\.${NAME})?)(?![\w$".(])`, 'gi');
/** What is not SQL's words: string constants ('…', E'…', $tag$…$tag$) and comments, blanked before names are looked for. */
const NOT_WORDS = /'(?:[^']|'')*'|\$([a-z_]*)\$[\s\S]*?\$\1\$|--[^\n]*|\/\*[\s\S]*?\*\//gi;
/** Words after FROM that are SQL's own, not a table: "extract(epoch from now())", "is distinct from". */
const NOT_TABLES = new Set(['select', 'lateral', 'only', 'now', 'current_date', 'current_timestamp']);
const MAX_NAME = 63;

/** A statement's first keyword, upper case ("SELECT", "WITH"); QUERY when it has none. */
export function statementOperation(text: string): string {
  return (KEYWORD.exec(text.replace(LEADING, ''))?.[0] ?? 'QUERY').toUpperCase();
}

export function statementSummary(text: string): StatementSummary {
  const body = text.replace(LEADING, '');
  const operation = statementOperation(body);
  let table: string | undefined;
  for (const match of body.replace(NOT_WORDS, ' ').matchAll(TARGET)) {
    const name = match[1]!.replaceAll('"', '').toLowerCase();
    if (NOT_TABLES.has(name) || name.length > MAX_NAME) continue;
    table = name;
    break;
  }
  return { operation, ...(table && { table }), summary: table ? `${operation} ${table}` : operation };
}

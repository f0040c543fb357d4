/**
 * An error's message as it may go into the log: without the values in it. PostgreSQL (and PGlite)
 * quote what a statement carried: `Key (upper(access_code))=(K7P2QX) already exists`, `invalid
 * input syntax for type integer: "Erika"`, `Failing row contains (…, erika@example.org, …)`, and
 * node quotes the text JSON.parse refused. Access codes, names and addresses must not reach the log.
 *
 * What is done, in this order:
 *  - everything from PostgreSQL's DETAIL:, HINT:, CONTEXT:, WHERE:, QUERY: or STATEMENT: on is dropped;
 *  - `=(…)` (a key's values) and `Failing row contains (…)` lose what is inside the parentheses,
 *    up to the line's last ')';
 *  - a string in double or single quotes becomes `"…"` / `'…'`, unless a schema word (constraint,
 *    relation, column, table, index, type, …) comes right before it: that is a name from the schema,
 *    which says where it went wrong and carries no participant's data;
 *  - e-mail addresses become `…@…`, and the user and password of a URL `…@`.
 * The SQLSTATE code and the constraint's name go into the log beside it (errorFields).
 */

const TRAILER = /\s*\b(?:DETAIL|HINT|CONTEXT|WHERE|QUERY|STATEMENT):[\s\S]*$/;
const KEY_VALUES = /=\([^\n]*\)/g;
const FAILING_ROW = /(Failing row contains )\([^\n]*\)/g;
/** Words after which PostgreSQL quotes a name from the schema, not a value. */
const SCHEMA_WORDS = new Set(['constraint', 'relation', 'column', 'table', 'index', 'schema', 'type', 'function', 'sequence', 'view', 'database', 'role', 'trigger', 'extension', 'operator', 'domain', 'collation', 'policy', 'tablespace', 'parameter', 'savepoint', 'cursor', 'module']);
/** Each quoted string once, left to right, with the word before it; a quote inside a word (doesn't) opens none. */
const QUOTED = /(\b[\p{L}_]+ )?(?<![\p{L}\p{N}])(?:"(?:[^"\\\n]|\\.)*"|'[^'\n]*')/gu;
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi;
/** An address; not the '…' a URL's credentials became. */
const EMAIL = /[^\s@<>"'(),;:/[\]…]+@[^\s@<>"'(),;:[\]]+\.[a-z]{2,}/gi;

function redactQuoted(quoted: string, word: string | undefined): string {
  if (word && SCHEMA_WORDS.has(word.trim().toLowerCase())) return quoted;
  const mark = quoted.at(-1)!;
  return `${word ?? ''}${mark}…${mark}`;
}

export function redactReason(text: string): string {
  return text
    .replace(TRAILER, '')
    .replace(KEY_VALUES, '=(…)')
    .replace(FAILING_ROW, '$1(…)')
    .replace(URL_CREDENTIALS, '$1…@')
    .replace(QUOTED, redactQuoted)
    .replace(EMAIL, '…@…');
}

/** SQLSTATE codes are five digits and capitals; node's own codes (ECONNREFUSED) are kept too. */
const CODE = /^(?:[0-9A-Z]{5}|E[A-Z_]+)$/;
/** A constraint's name: a schema name, nothing a participant typed. */
const NAME = /^[a-z_][a-z0-9_$]{0,62}$/i;

/**
 * An error as log fields: its message redacted, and, where the database gave them, the SQLSTATE
 * code and the constraint's name, which say what happened without any value.
 */
export function errorFields(error: unknown): { reason: string; code?: string; constraint?: string } {
  const { message, code, constraint } = (error ?? {}) as { message?: unknown; code?: unknown; constraint?: unknown };
  return {
    reason: redactReason(typeof message === 'string' ? message : String(error)),
    ...(typeof code === 'string' && CODE.test(code) && { code }),
    ...(typeof constraint === 'string' && NAME.test(constraint) && { constraint }),
  };
}

import type { z } from 'zod';

/**
 * Problems of a questionnaire file, one line each, named by their JSON path in the form an author
 * finds them in the file: `questions[3].answerInfos[1].text.de: required`.
 */

/** What a problem at the top of the file is named. */
export const TOP_LEVEL = '(file)';

export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (typeof segment === 'string' && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out || TOP_LEVEL;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)}`;
  return `${typeof value} ${String(value)}`;
}

const EXPECTED: Record<string, string> = {
  object: 'an object { … }',
  array: 'a list [ … ]',
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type Issue = z.core.$ZodIssue & { input?: unknown };

/** The field names of the vocabulary, to suggest the right spelling of an unknown field. */
function suggestion(key: string, known: readonly string[]): string {
  const match = known.find((name) => name !== key && name.toLowerCase() === key.toLowerCase());
  return match ? ` (did you mean '${match}'?)` : '';
}

function messageOf(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'required';
      return `expected ${EXPECTED[issue.expected] ?? issue.expected}, got ${describe(issue.input)}`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'array' || issue.origin === 'set') return `needs at least ${plural(min, 'entry', 'entries')}`;
      if (issue.origin === 'string') return min <= 1 ? 'must not be empty' : `needs at least ${plural(min, 'character', 'characters')}`;
      return `must be at least ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'array' || issue.origin === 'set') return `has more than ${plural(max, 'entry', 'entries')}`;
      if (issue.origin === 'string') return `is longer than ${plural(max, 'character', 'characters')}`;
      return `must be at most ${max}`;
    }
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${JSON.stringify(issue.values[0])}` : `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_union': {
      const allowed = issue.errors.flatMap((branch) => (branch.length === 1 && branch[0]!.code === 'invalid_value' ? branch[0]!.values : [undefined]));
      if (allowed.length > 0 && allowed.every((v) => v !== undefined)) return `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
      return 'matches none of the allowed forms';
    }
    default:
      // custom, invalid_format and not_multiple_of carry the schema's own words.
      return issue.message;
  }
}

/** Every issue as `path: message`; an unknown field is one line per field. */
export function formatIssues(issues: ReadonlyArray<z.core.$ZodIssue>, knownFields: readonly string[] = []): string[] {
  return issues.flatMap((raw) => {
    const issue = raw as Issue;
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => `${formatPath([...issue.path, key])}: unknown field${suggestion(key, knownFields)}`);
    }
    return [`${formatPath(issue.path)}: ${messageOf(issue)}`];
  });
}

/**
 * Where the first JSON syntax error of a text is, as an offset: V8 says so only for some errors,
 * so the text is scanned by the grammar (RFC 8259) once it is known to be wrong.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const fail = (): never => {
    throw i;
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const literal = (word: string) => (text.startsWith(word, i) ? (i += word.length) : fail());
  const string = () => {
    i++;
    for (;;) {
      if (i >= text.length) fail();
      const c = text[i]!;
      if (c === '"') return void i++;
      if (c < ' ') fail();
      if (c === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 5;
        } else if (i < text.length && '"\\/bfnrt'.includes(text[i]!)) i++;
        else fail();
      } else i++;
    }
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match) fail();
    i += match![0].length;
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') {
      i++;
      space();
      if (text[i] === '}') return void i++;
      for (;;) {
        space();
        if (text[i] !== '"') fail();
        string();
        space();
        if (text[i] !== ':') fail();
        i++;
        value();
        space();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    }
    if (c === '[') {
      i++;
      space();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        space();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    }
    if (c === '"') return string();
    if (c === 't') return void literal('true');
    if (c === 'f') return void literal('false');
    if (c === 'n') return void literal('null');
    return number();
  };
  try {
    value();
    space();
    return i < text.length ? i : -1;
  } catch (offset) {
    return offset as number;
  }
}

/** A JSON.parse error as one line, with line and column (both from 1) where the scan finds it. */
export function jsonSyntaxProblem(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const reason = message
    .replace(/\s*in JSON at position \d+.*$/s, '')
    .replace(/,\s*".*" is not valid JSON$/s, '')
    .replace(/\s*\(line \d+ column \d+\)$/, '');
  const offset = jsonErrorOffset(text);
  if (offset < 0) return `${TOP_LEVEL}: not valid JSON: ${reason}`;
  const before = text.slice(0, offset).split('\n');
  const line = before.length;
  const column = (before[before.length - 1]?.length ?? 0) + 1;
  return `${TOP_LEVEL}: not valid JSON at line ${line}, column ${column}: ${reason}`;
}

/** What a content file's text decodes to, or its syntax problem. A byte-order mark (some Windows editors put one first) is not part of the JSON. */
export function decodeJson(text: string): { ok: true; value: unknown } | { ok: false; problems: string[] } {
  const json = text.replace(/^\uFEFF/, '');
  try {
    return { ok: true, value: JSON.parse(json) };
  } catch (error) {
    return { ok: false, problems: [jsonSyntaxProblem(json, error)] };
  }
}

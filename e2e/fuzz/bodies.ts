import type { z } from 'zod';
import type { Random } from './random';
import { nastyString, stringFor } from './values';

/** A body on the wire and what it tries. */
export type FuzzBody = { what: string; bytes: Buffer };

type AnySchema = z.ZodType & {
  def: { type: string; innerType?: AnySchema; element?: AnySchema; options?: AnySchema[]; valueType?: AnySchema; values?: unknown[]; entries?: Record<string, string> };
  shape?: Record<string, AnySchema>;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
};

/** A value that fits the schema most of the time (fields of the contract, read from its zod definition). */
export function sampleFor(schema: AnySchema, key: string, r: Random, depth = 0): unknown {
  const def = schema.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
    case 'pipe':
      return sampleFor((def.innerType ?? (def as { in?: AnySchema }).in)!, key, r, depth);
    case 'string':
      return stringFor(key, r, schema.maxLength);
    case 'number': {
      const min = schema.minValue ?? -5;
      const max = schema.maxValue ?? 1000;
      return r.chance(0.85) ? r.between(Math.max(min, -5), Math.min(max, 1000)) : r.pick([min - 1, max + 1, 0.5, -0, 2 ** 53, -(2 ** 31)]);
    }
    case 'boolean':
      return r.chance(0.5);
    case 'enum':
      return r.chance(0.9) ? r.pick(Object.values(def.entries ?? {})) : nastyString(r);
    case 'literal':
      return r.pick(def.values ?? [null]);
    case 'array':
      return depth > 4 ? [] : Array.from({ length: r.between(0, 3) }, () => sampleFor(def.element!, key, r, depth + 1));
    case 'union':
      return sampleFor(r.pick(def.options!), key, r, depth);
    case 'record':
      return depth > 4 ? {} : Object.fromEntries(Array.from({ length: r.between(0, 4) }, (_, i) => [`${key}${i}`, r.chance(0.5) ? nastyString(r) : r.between(0, 99)]));
    case 'object':
      return sampleObject(schema, r, depth + 1);
    default:
      return null;
  }
}

export function sampleObject(schema: AnySchema, r: Random, depth = 0): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape ?? {})) {
    if (key === 'token') continue; // the proxy injects it; sending it is one of the mutations
    if (field.def.type === 'optional' && r.chance(0.4)) continue;
    body[key] = sampleFor(field, key, r, depth);
  }
  return body;
}

const text = (what: string, value: string): FuzzBody => ({ what, bytes: Buffer.from(value, 'utf8') });
const json = (what: string, value: unknown): FuzzBody => text(what, JSON.stringify(value));
const nested = (levels: number, open = '[', close = ']') => open.repeat(levels) + close.repeat(levels);

/** Wrong types for any field. */
const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, 1.5, 1e308, '', '1', [], [1, 2], {}, { $gt: '' }, ['__proto__'], 'x'.repeat(300)];

/** Mutates one field of a base body, or replaces the body altogether. */
export function fuzzBody(schema: AnySchema, r: Random): FuzzBody {
  const base = sampleObject(schema, r);
  const shape = schema.shape ?? {};
  const keys = Object.keys(shape).filter((key) => key !== 'token');
  const someKey = () => (keys.length ? r.pick(keys) : 'category');
  const unwrap = (field: AnySchema): AnySchema => (field.def.innerType ? unwrap(field.def.innerType) : field);
  const keysOf = (type: string) => keys.filter((key) => unwrap(shape[key]!).def.type === type);
  // NUL goes where text reaches the database; deep nesting where the contract takes any JSON.
  const stringKey = () => r.pick(keysOf('string').length ? keysOf('string') : [someKey()]);
  const nestingKey = () => r.pick(keysOf('record').length && r.chance(0.7) ? keysOf('record') : [someKey()]);
  const mutation = r.weighted<() => FuzzBody>([
    [22, () => json('a body from the contract', base)],
    [8, () => {
      const key = someKey();
      return json(`wrong type for ${key}`, { ...base, [key]: r.pick(WRONG_TYPES) });
    }],
    [6, () => {
      const key = someKey();
      const value = nastyString(r);
      return json(`nasty string in ${key}: ${JSON.stringify(value).slice(0, 40)}`, { ...base, [key]: value });
    }],
    [6, () => {
      const key = stringKey();
      return json(`NUL in ${key}`, { ...base, [key]: `${r.string(3)}\u0000${r.string(3)}` });
    }],
    [2, () => text('a raw NUL byte inside a string (invalid JSON)', `{"${someKey()}":"a\u0000b"}`)],
    [3, () => text('__proto__ key', JSON.stringify(base).replace(/^\{/, '{"__proto__":{"isAdmin":true,"statusCode":1},'))],
    [2, () => text('constructor.prototype keys', JSON.stringify(base).replace(/^\{/, '{"constructor":{"prototype":{"isAdmin":true}},'))],
    [2, () => json('prototype key', { ...base, prototype: { polluted: 1 } })],
    [2, () => text('nested __proto__ in a list', JSON.stringify({ ...base, [someKey()]: [{ __proto__: { x: 1 } }] }).replace('"x":1', '"__proto__":{"x":1}'))],
    [2, () => json('the token smuggled in', { ...base, token: r.pick(['eyJhbGciOiJub25lIn0.eyJpc0xvZ2dlZEluIjp0cnVlLCJwcm9kdWN0IjoxfQ.', 'x', '']) })],
    [2, () => json('an unknown field', { ...base, [r.pick(['isAdmin', 'statusCode', 'sid', 'role', '', ' ', 'ü', '\u0000'])]: true })],
    [2, () => text('duplicate keys', JSON.stringify(base).replace(/^\{/, `{"${someKey()}":1,"${someKey()}":[],`))],
    [2, () => text('60,000 nested arrays', nested(60_000))],
    [2, () => {
      const key = nestingKey();
      return text(`60,000 nested arrays in ${key}`, JSON.stringify({ ...base, [key]: 0 }).replace(`"${key}":0`, `"${key}":{"a":${nested(60_000)}}`));
    }],
    [1, () => {
      const key = nestingKey();
      return text(`40,000 nested objects in ${key}`, JSON.stringify({ ...base, [key]: 0 }).replace(`"${key}":0`, `"${key}":${'{"a":'.repeat(40_000)}1${'}'.repeat(40_000)}`));
    }],
    [1, () => {
      const key = nestingKey();
      return text(`33 nested levels in ${key}`, JSON.stringify({ ...base, [key]: 0 }).replace(`"${key}":0`, `"${key}":{"a":${nested(31)}}`));
    }],
    [1, () => {
      const key = nestingKey();
      return text(`32 nested levels in ${key}`, JSON.stringify({ ...base, [key]: 0 }).replace(`"${key}":0`, `"${key}":{"a":${nested(30)}}`));
    }],
    [2, () => json('a 300 KB string (over the body limit)', { ...base, [someKey()]: 'x'.repeat(300 * 1024) })],
    [1, () => json('a 200 KB string (under the body limit)', { ...base, [someKey()]: 'y'.repeat(200 * 1024) })],
    [1, () => json('10,000 list items', { ...base, [someKey()]: Array.from({ length: 10_000 }, (_, i) => i) })],
    [1, () => text('a huge number', JSON.stringify(base).replace(/^\{/, `{"${someKey()}":1e999999,`))],
    [1, () => text('a long run of digits', `{"${someKey()}":${'9'.repeat(100_000)}}`)],
    [4, () => text('an empty body', '')],
    [2, () => text('whitespace only', r.pick([' ', '\n', '\t\r\n ', '\ufeff']))],
    [3, () => text('a JSON scalar or list', r.pick(['null', '""', '0', 'true', '[]', '[{}]', '"text"', '-0', '1e5']))],
    [2, () => text('truncated JSON', JSON.stringify(base).slice(0, r.between(1, Math.max(1, JSON.stringify(base).length - 1))))],
    [2, () => text('not JSON', r.pick(["{'a':1}", '{a:1}', '{"a":1,}', '{"a":1}{"b":2}', '{"a":NaN}', '{"a":undefined}', '{"a":1} // comment', 'a=1&b=2', '<xml/>', '\u0000', '{"a":"\\ud800"}', '{"a":"\\u00"}']))],
    [2, () => ({ what: 'invalid UTF-8 bytes', bytes: Buffer.concat([Buffer.from('{"category":"'), Buffer.from([0xc0, 0xaf, 0xff, 0xfe, 0xed, 0xa0, 0x80]), Buffer.from('"}')]) })],
    [1, () => ({ what: 'UTF-16 with a BOM', bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify(base), 'utf16le')]) })],
    [1, () => ({ what: 'random bytes', bytes: Buffer.from(Array.from({ length: r.between(1, 512) }, () => r.int(256))) })],
  ]);
  return mutation();
}

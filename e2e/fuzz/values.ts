import { encryptCode } from '../support/api';
import type { Random } from './random';

/** Codes and near misses: the fuzz should reach real rows, not only unknown ones. */
export const DEMO_CODES = ['P1DEMO01', 'P1RESUME1', 'P1FIRST01', 'P1REG0001', 'P1DONE001', 'P1SELF001', 'P2DEMO01', 'RADEMO01', 'KWDEMO01', 'KWEXPIR1', 'KWDONE01', 'KGDEMO01', 'KGSLIDE1', 'PTDEMO01', 'P1LOCK001'];
/** Group codes of every outcome (groups/loginRule.ts): right, expired, closed, of another flow, unknown, malformed, with spaces. */
export const GROUP_CODES = ['KWDEMO01', 'KWEXPIR1', 'KWDONE01', 'KGSLIDE1', 'RADEMO01', 'KGDEMO01', 'ZZZZ9999', 'KW-1', ' kw demo01 ', ''];
const ACCESS_CODES = ['RANK4711', 'RESUME4711', 'FIRST4711', 'SELF4711', 'GRID4711', 'LOCK4711', 'WRONG000'];

/** Strings that have broken parsers, databases, renderers and loggers before. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\t\r\n',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0x41',
  '1e309',
  'true',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1",
  "'; DROP TABLE assessments; --",
  '$1',
  '%s%s%s%n',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'http://169.254.169.254/latest/meta-data/',
  '\u0000',
  'A\u0000B',
  '\u0001\u0002\u0003\u001f\u007f',
  '\ufeffBOM',
  '\u200b\u200c\u200d\u2060',
  '\u202eRTL override',
  'Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357\u0358\u0359\u035a',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  '\ud800',
  '\udfff\ud800',
  'ÄÖÜäöüß€',
  'Ω≈ç√∫˜µ≤≥÷',
  '田中さんにあげて下さい',
  'مرحبا بالعالم',
  'Příliš žluťoučký kůň',
  '\u2028\u2029',
  'line\nbreak',
  '\\',
  '\\u0000',
  '"',
  "'",
  '`',
  '%00',
  '%ff',
  '%c0%af',
  '+',
  'a'.repeat(64),
  'a'.repeat(65),
  'a'.repeat(101),
  'a'.repeat(201),
  'a'.repeat(1025),
  'a'.repeat(4097),
];

export function nastyString(r: Random): string {
  return r.pick(NASTY_STRINGS);
}

/** A value for a string field: plausible (demo codes, encrypted codes) most of the time, nasty otherwise. */
export function stringFor(key: string, r: Random, maxLength?: number | null): string {
  const lower = key.toLowerCase();
  if (r.chance(0.2)) return nastyString(r);
  if (lower.includes('identcode') || lower === 'groupcodeident' || lower === 'category') return r.chance(0.6) ? r.pick(DEMO_CODES) : r.string(r.between(1, 12));
  if (lower === 'groupcode' && r.chance(0.6)) return r.chance(0.8) ? encryptCode(r.pick(GROUP_CODES)) : r.pick(GROUP_CODES);
  if (/password|groupcode|accesscode/.test(lower)) return r.chance(0.7) ? encryptCode(r.chance(0.5) ? r.pick(ACCESS_CODES) : r.string(r.between(1, 20))) : r.string(r.between(1, 40), 'ABCDEFabcdef0123456789+/=');
  if (lower === 'answers') return answersField(r);
  if (lower.includes('email')) return r.pick(['a@example.org', 'not-an-email', `${r.string(8)}@${r.string(5)}.test`, '@', 'a@b']);
  if (lower.includes('language')) return r.pick(['de-DE', 'en-US', 'fr-FR', 'it-IT', 'cz-CZ', 'es-ES', 'de', 'DE-de', '']);
  const length = r.between(0, Math.min(maxLength ?? 40, 40));
  return r.string(length);
}

/** The questionnaire's answers field: base64 of {questionStartIndex, answers}, or something that only looks like it. */
function answersField(r: Random): string {
  const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64');
  return r.weighted<() => string>([
    [4, () => b64({ questionStartIndex: r.between(1, 24), answers: Array.from({ length: r.between(0, 6) }, () => ({ id: r.between(-2, 300), value: r.between(-3, 6) })) })],
    [1, () => b64({ questionStartIndex: 1, answers: [{ id: 1, value: 1, __proto__: { polluted: true } }] })],
    [1, () => b64('{"questionStartIndex":1,"answers":[{"id":1,"value":1,"__proto__":{"polluted":true}}]}')],
    [1, () => b64('['.repeat(20_000) + ']'.repeat(20_000))],
    [1, () => b64({ questionStartIndex: 1, answers: Array.from({ length: 201 }, (_, i) => ({ id: i, value: 1 })) })],
    [1, () => b64({ questionStartIndex: '1', answers: 'all' })],
    [1, () => b64('not json at all')],
    [1, () => b64('\u0000')],
    [1, () => '!!!not base64!!!'],
    [1, () => ''],
  ])();
}

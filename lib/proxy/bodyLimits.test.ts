import { fieldWithNul, JSON_DEPTH_LIMIT, nestsDeeperThan } from './bodyLimits';

describe('nestsDeeperThan (counted on the text, before parsing)', () => {
  const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

  it.each<[string, string, number, boolean]>([
    ['an empty body', '', 3, false],
    ['a flat object', '{"a":1,"b":"x"}', 1, false],
    ['three levels at a limit of 3', '{"a":[{"b":1}]}', 3, false],
    ['three levels at a limit of 2', '{"a":[{"b":1}]}', 2, true],
    ['siblings do not add up', '[[1],[2],[3],[4],[5]]', 2, false],
    ['brackets inside a string', '{"a":"[[[[{{{{"}', 1, false],
    ['an escaped quote does not end the string', '{"a":"\\"[[[["}', 1, false],
    ['an escaped backslash does end it', '{"a":"\\\\",  "b":[[[1]]]}', 3, true],
    ['unbalanced closing brackets do not hide later nesting', ']]]]' + arrays(4), 3, true],
    ['open brackets that never close', '['.repeat(100), 99, true],
    ['the default limit', arrays(JSON_DEPTH_LIMIT), JSON_DEPTH_LIMIT, false],
    ['one over the default limit', arrays(JSON_DEPTH_LIMIT + 1), JSON_DEPTH_LIMIT, true],
    ['60,000 levels', arrays(60_000), JSON_DEPTH_LIMIT, true],
  ])('%s', (_label, text, limit, expected) => {
    expect(nestsDeeperThan(text, limit)).toBe(expected);
  });

  it('60,000 levels that JSON.parse accepts are refused without a stack overflow', () => {
    const text = arrays(60_000);
    expect(() => JSON.parse(text)).not.toThrow();
    expect(() => JSON.stringify(JSON.parse(text))).toThrow(RangeError);
    expect(nestsDeeperThan(text)).toBe(true);
  });
});

describe('fieldWithNul', () => {
  it.each<[string, unknown, string | undefined]>([
    ['no NUL anywhere', { a: 'x', b: [1, 'y', { c: null }] }, undefined],
    ['other control characters', { a: '\u0001\u001f\u007f' }, undefined],
    ['a NUL in a top-level field', { code: 'ab\u0000' }, 'code'],
    ['the first of two', { a: 'ok', b: '\u0000', c: '\u0000' }, 'b'],
    ['a NUL in an array item', { list: ['ok', 'n\u0000'] }, 'list.1'],
    ['a NUL deep inside', { a: { b: [{ c: '\u0000' }] } }, 'a.b.0.c'],
    ['a NUL in a field name, shown as \\0', { a: { 'x\u0000y': 1 } }, 'a.x\\0y'],
    ['a bare string', '\u0000', 'body'],
  ])('%s → %p', (_label, value, expected) => {
    expect(fieldWithNul(value)).toBe(expected);
  });
});

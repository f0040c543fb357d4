import { ifNoneMatchNames } from './ifNoneMatch.mjs';

describe('ifNoneMatchNames (RFC 9110 §13.1.2: weak comparison for GET and HEAD)', () => {
  const ETAG = '"br-1a-2b"';
  it.each<[string, unknown, boolean]>([
    ['the same tag', '"br-1a-2b"', true],
    ['the same tag, weak', 'W/"br-1a-2b"', true],
    ['one of a list, with spaces', '"x", W/"br-1a-2b" ,"y"', true],
    ['any', '*', true],
    ['another tag', '"gzip-1a-2b"', false],
    ['the tag without quotes', 'br-1a-2b', false],
    ['an empty header', '', false],
    ['no header', undefined, false],
    ['a header given twice (an array)', ['"br-1a-2b"'], false],
  ])('%s', (_case, header, expected) => {
    expect(ifNoneMatchNames(header, ETAG)).toBe(expected);
  });
});

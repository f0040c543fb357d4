/**
 * Whether an If-None-Match header names this ETag: the weak comparison RFC 9110 §13.1.2 asks for on
 * GET and HEAD, a list of tags, or *. One reading for the question images and the build's files.
 */
export function ifNoneMatchNames(ifNoneMatch, etag) {
  if (typeof ifNoneMatch !== 'string') return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

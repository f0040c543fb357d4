/** Request bodies of the contract nest a few levels (PayPal's payment details perhaps ten); 32 is ample. */
export const JSON_DEPTH_LIMIT = 32;

/**
 * Whether JSON text nests arrays and objects deeper than limit, counted on the text itself: a
 * parsed value that deep would overflow the stack of whatever walks it next (JSON.stringify, a
 * validator, this very check if it were recursive). Brackets inside strings do not count; the
 * text need not be valid JSON, JSON.parse judges that afterwards.
 */
export function nestsDeeperThan(text: string, limit = JSON_DEPTH_LIMIT): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i++; // a backslash escapes the next character, a quote included
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > limit) return true;
    } else if ((char === 0x7d || char === 0x5d) && depth > 0) depth--;
  }
  return false;
}

/**
 * The first field (dotted path) whose value or name holds a NUL character, which no database text
 * column accepts. Only called on a value within JSON_DEPTH_LIMIT, so the recursion is bounded.
 */
export function fieldWithNul(value: unknown, path: Array<string | number> = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? fieldName(path) : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = fieldWithNul(item, [...path, index]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = key.includes('\u0000') ? fieldName([...path, key]) : fieldWithNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** A field's dotted path, with a NUL in a name shown as \0 rather than sent back raw. */
const fieldName = (path: Array<string | number>) => (path.length ? path.join('.').replaceAll('\u0000', '\\0') : 'body');

/**
 * Codes, keys and tokens are secrets (SECURITY.md): the check's report names them only masked, and
 * never shows a token or a key at all.
 */

/** The first two characters of a code and a star for each of the others; a short one all stars. */
export function maskCode(code: string): string {
  if (code.length < 6) return '*'.repeat(Math.max(code.length, 1));
  return `${code.slice(0, 2)}${'*'.repeat(code.length - 2)}`;
}

/** c***@example.org */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email[0]}***${email.slice(at)}` : '***';
}

/** An address without the user, password and query it may carry. */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) {
      parsed.username = '***';
      parsed.password = '';
    }
    if (parsed.search) parsed.search = '?***';
    return parsed.href;
  } catch {
    return '***';
  }
}

/** Codes are entered as written; whitespace typed around or inside is removed (spec §5). */
export function normaliseCode(input: string): string {
  return input.replace(/\s+/g, '');
}

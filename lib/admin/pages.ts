/**
 * Reads a large result page by page with keyset pagination ("rows after the last key seen"), which
 * PGlite and PostgreSQL both do from an index, without a server-side cursor: memory holds one page.
 */
export async function* keysetPages<Row, Key>(
  readPage: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  pageSize: number,
): AsyncGenerator<Row[]> {
  let after: Key | undefined;
  for (;;) {
    const rows = await readPage(after, pageSize);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

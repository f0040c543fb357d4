const pad = (text: string | number | undefined, width: number) => String(text ?? '–').padStart(width);

/** One table: the first column left-aligned, the others right-aligned in their widths. */
export function printRows(columns: ReadonlyArray<readonly [string, number]>, rows: ReadonlyArray<ReadonlyArray<string | number | undefined>>): void {
  const line = (cells: ReadonlyArray<string | number | undefined>) =>
    cells
      .map((cell, i) => {
        const width = columns[i]?.[1] ?? 6;
        return i === 0 ? String(cell).slice(0, width).padEnd(width) : pad(cell, width);
      })
      .join(' ');
  console.log(line(columns.map(([title]) => title)));
  for (const row of rows) console.log(line(row));
}

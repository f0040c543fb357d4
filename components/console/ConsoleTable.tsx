import type { ReactNode } from 'react';
import { TableScroller } from './TableScroller';
import styles from './Console.module.css';

export type Column = string | { label: string; numeric: true };

/**
 * A console list as a real table: its caption names it (and the scroll box a narrow screen needs),
 * its header cells are column headers, numbers align right. The rows are the page's own.
 */
export function ConsoleTable({ id, caption, columns, children }: { id: string; caption: ReactNode; columns: readonly Column[]; children: ReactNode }) {
  return (
    <TableScroller labelledBy={`${id}-caption`}>
      <table className={styles.table}>
        <caption id={`${id}-caption`}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">{column}</th>
              ) : (
                <th key={column.label} scope="col" className={styles.number}>{column.label}</th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroller>
  );
}

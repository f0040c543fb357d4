import type { ReactNode } from 'react';
import styles from './Console.module.css';

/**
 * A wide table on a narrow screen scrolls sideways in its own box; the box takes the focus, so
 * that it scrolls by keyboard too (WCAG 2.1.1), and is named by the table's heading or caption.
 */
export function TableScroller({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby={labelledBy}>
      {children}
    </div>
  );
}

/** The little SQL surface the app's stores need; PGlite and node-postgres both provide it. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Sql {
  /** Runs fn in one transaction; everything it wrote is rolled back if it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Set once close() was called: work that runs on its own (the embedded API's key strengthening) stops asking. */
  readonly closed: boolean;
  readonly kind: 'pglite' | 'postgres';
  /**
   * PGlite on disk only: copies its data folder to `target` (new) between two transactions, so that
   * the copy holds every one committed before it and none in part (lib/admin/backup).
   */
  copyDataDir?(target: string): Promise<void>;
}

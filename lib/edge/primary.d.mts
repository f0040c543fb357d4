export declare function runPrimary(options: { workers: number; shutdownMs: number }): void;

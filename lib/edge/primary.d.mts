export declare const SHUTDOWN_MESSAGE: 'assessment-web:shutdown';
export declare function runPrimary(options: { workers: number; shutdownMs: number }): void;

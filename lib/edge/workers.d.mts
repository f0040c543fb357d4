export declare const DEFAULT_SHUTDOWN_MS: number;
export declare function workerCount(env: Record<string, string | undefined>, host: { dev: boolean; cores: number }): number;
export declare function shutdownTimeoutMs(text: string | undefined): number;
export declare function webConcurrencyProblem(env: Record<string, string | undefined>): string | undefined;
export declare function shutdownTimeoutProblem(text: string | undefined): string | undefined;

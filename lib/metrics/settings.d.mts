export type MetricsSettings = { port: number; host: string; token: string | undefined };
/** What metricsSettings throws: the start's message, and its variable and problem apart. */
export type MetricsSettingsError = Error & { variable: string; problem: string };
export declare const DEFAULT_METRICS_HOST: '127.0.0.1';
export declare function metricsPortProblem(text: string): string | undefined;
export declare function metricsHostProblem(text: string): string | undefined;
export declare function metricsTokenProblem(text: string): string | undefined;
export declare function metricsSettings(env: Record<string, string | undefined>, appPort: number): MetricsSettings | undefined;
export declare function isLoopbackHost(host: string): boolean;

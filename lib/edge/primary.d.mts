import type { MetricsSettings } from '../metrics/settings.mjs';

export declare const WORKER_NUMBER_VARIABLE: 'ASSESSMENT_WEB_WORKER';
export declare function runPrimary(options: { workers: number; shutdownMs: number; metrics?: MetricsSettings }): Promise<void>;

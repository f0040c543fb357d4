import type { Server } from 'node:http';
import type { MetricsSettings } from './settings.mjs';

export declare const METRICS_PATH: '/metrics';
export declare function metricsRefusal(
  req: { method?: string; url?: string; headers: Record<string, string | string[] | undefined> },
  token: string | undefined,
): { status: number; headers: Record<string, string>; body: string } | undefined;
export declare function serveMetrics(settings: MetricsSettings, scrape: () => Promise<{ contentType: string; body: string }>): Promise<Server>;

import type { Server } from 'node:http';
import type { MetricsSettings } from './settings.mjs';

export declare function serveClusterMetrics(settings: MetricsSettings): Promise<Server>;

import type { IncomingMessage, ServerResponse } from 'node:http';

export declare const METRICS_KEY: unique symbol;
export declare function measureRequest(req: IncomingMessage, res: ServerResponse, routeOf: (url: string | undefined) => string): void;

import type { IncomingMessage, ServerResponse } from 'node:http';

export declare const TRACING_KEY: unique symbol;
export declare function inRequestSpan<T>(req: IncomingMessage, res: ServerResponse, serve: () => T): T;

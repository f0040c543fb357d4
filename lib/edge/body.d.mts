import type { Readable } from 'node:stream';

type Request = Readable & { headers?: Record<string, string | string[] | undefined> };
export declare function readBody(request: Request, limit: number): Promise<Buffer | 'too-large' | 'aborted'>;
export declare function replayBody<T extends Readable>(request: T, body: Buffer): T;

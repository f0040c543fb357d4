import type { IncomingMessage, ServerResponse } from 'node:http';

export declare const PRECOMPRESSED_TYPES: Record<string, string>;
export declare const ENCODINGS: { encoding: 'br' | 'gzip'; suffix: string }[];
export declare function acceptedEncodings(acceptEncoding: string | undefined): ('br' | 'gzip')[];
export declare function staticFileOf(url: string | undefined, staticDir: string, basePath?: string): string | undefined;
export declare function precompressedFiles(
  staticDir: string,
  headers: { key: string; value: string }[],
  basePath?: string,
): (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

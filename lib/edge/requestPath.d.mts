import type { EdgeRefusal } from './refusal.mjs';

export declare const NOT_FOUND_PATH: string;
export declare function pathOf(url: string | undefined): string;
export declare function hasMalformedPath(url: string | undefined): boolean;
export declare function isApiPath(url: string | undefined): boolean;
export declare function malformedPathRefusal(): EdgeRefusal;
export declare function routedPath(url: string | undefined): string | undefined;

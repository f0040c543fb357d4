export declare function ifNoneMatchNames(ifNoneMatch: unknown, etag: string): boolean;

export declare function parseBasePath(value: string | undefined): string;
export declare function belowBasePath(path: string, basePath: string): string | undefined;
export declare function withBasePath(route: string, basePath?: string): string;

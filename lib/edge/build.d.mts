export declare function distDirOf(value: string | undefined): string;
export declare function builtBasePath(distPath: string): string;
export declare function startBasePath(envValue: string | undefined, built: string): string;

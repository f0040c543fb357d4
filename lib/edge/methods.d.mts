export declare function publicFilePaths(publicDir: string): Set<string>;
export declare function isStaticPath(url: string | undefined, publicFiles: ReadonlySet<string>): boolean;
export declare function methodRefusal(method: string | undefined, url: string | undefined, publicFiles: ReadonlySet<string>): { allow: string } | undefined;

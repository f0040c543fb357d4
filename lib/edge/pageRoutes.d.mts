export type PageRoute = { page: string; route: string; segments: string[] };
export declare const NOT_FOUND_PAGE: string;
export declare function pageRoutesOf(appPathRoutes: unknown): PageRoute[];
export declare function readPageRoutes(manifestFile: string): PageRoute[];
export declare function pageOf(path: string, routes: readonly PageRoute[]): string;
export declare function routePatternsOf(appPathRoutes: unknown): PageRoute[];
export declare function readRoutePatterns(manifestFile: string): PageRoute[];
export declare function patternOf(path: string, routes: readonly PageRoute[]): string | undefined;

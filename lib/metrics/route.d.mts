import type { PageRoute } from '../edge/pageRoutes.mjs';

export declare const UNMATCHED_ROUTE: 'unmatched';
export declare function routeLabel(url: string | undefined, build: { basePath: string; routes: readonly PageRoute[] | undefined; publicFiles: Set<string> }): string;

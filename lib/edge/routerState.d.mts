export declare const ROUTER_STATE_HEADER: 'next-router-state-tree';
export declare function isReadableRouterState(value: string | string[] | undefined): boolean;

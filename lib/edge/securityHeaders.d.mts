export declare function securityHeaders(production: boolean): { key: string; value: string }[];

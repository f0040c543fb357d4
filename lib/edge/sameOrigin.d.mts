export declare function isSameOriginRequest(header: (name: string) => string | undefined, trustForwardedHost: boolean): boolean;

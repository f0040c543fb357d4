export declare const CLIENT_ADDRESS_HEADER: 'x-client-address';
export declare const EDGE_SERVER_MARK: unique symbol;
export declare function normalizeAddress(address: string | undefined): string | undefined;
export declare function clientAddressFrom(peer: string | undefined, forwardedFor: string | string[] | undefined, hops: number): string | undefined;
export declare function parseTrustedHops(value: string | undefined): number;
export declare function untrustedProxyWarning(headers: Record<string, string | string[] | undefined>, hops: number): { level: 'warn'; event: string; reason: string } | undefined;
export declare function applyClientAddress(headers: Record<string, string | string[] | undefined>, peer: string | undefined, hops: number): void;

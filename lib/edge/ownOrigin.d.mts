export declare const OWN_ORIGIN_MARK: unique symbol;
export declare function ownOriginOf(address: unknown): string | undefined;
export declare function rememberOwnOrigin(address: unknown): void;
export declare function ownOrigin(): string;

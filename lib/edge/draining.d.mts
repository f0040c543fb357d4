export declare const DRAINING: unique symbol;
export declare function isDraining(): boolean;

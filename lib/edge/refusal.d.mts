export type EdgeRefusal = { status: number; headers: Record<string, string>; body: string };
export declare function edgeRefusal(status: number, error: string, headers?: Record<string, string>, detailCode?: number): EdgeRefusal;

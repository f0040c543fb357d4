import type { EdgeRefusal } from './refusal.mjs';

type Headers = Record<string, string | string[] | undefined>;
export declare const ACTION_NOT_FOUND_HEADER: 'x-nextjs-action-not-found';
export declare const ACTION_BODY_LIMIT_BYTES: number;
export declare function actionIdsOf(manifest: unknown): Set<string>;
export declare function actionIdsByPage(manifest: unknown): Map<string, Set<string>>;
export declare function readActions(manifestFile: string): { ids: Set<string>; byPage: Map<string, Set<string>> };
export declare function pagePostDecision(headers: Headers, actionIds: ReadonlySet<string>): { refusal?: EdgeRefusal; read?: 'arguments' | 'form' };
export declare function argumentsRefusal(body: string | Array<[string, unknown]>): EdgeRefusal | undefined;
export declare function formActionRefusal(entries: Array<[string, unknown]>, actionIds: ReadonlySet<string>): EdgeRefusal | undefined;

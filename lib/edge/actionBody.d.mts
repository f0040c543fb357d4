import type { IncomingMessage } from 'node:http';
import type { EdgeRefusal } from './refusal.mjs';

export declare function actionBodyRefusal(req: IncomingMessage, read: 'arguments' | 'form', actionIds: ReadonlySet<string>): Promise<EdgeRefusal | 'aborted' | undefined>;

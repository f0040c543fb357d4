import type { Server } from 'node:http';

export declare const FIRST_REQUEST_GRACE_MS: number;
export declare function trackConnections(server: Server): {
  closeIdle(now?: number): void;
  closeAll(): void;
  stopListening(closed: () => void): void;
};

import { logEvent } from './logger';

const LOGGED = Symbol.for('assessment-web.logged-once');
/**
 * A bound on what is remembered: the keys may come from an upstream's answers (a stylesheet's
 * name), and a process must not grow with them. Past it, a new key is not logged: the first
 * thousand lines have said what is wrong.
 */
export const MAX_LOGGED_ONCE_KEYS = 1000;

/**
 * Logs an event the first time its key is seen in this process, never again: for what anyone can
 * cause again and again (a call the upstream does not offer, an unknown stylesheet in every answer),
 * where one line says all there is to say. Kept on globalThis because Next may load this module
 * more than once.
 */
export function logOnce(key: string, level: Parameters<typeof logEvent>[0], event: string, fields: Record<string, unknown> = {}): void {
  const store = globalThis as Record<symbol, Set<string> | undefined>;
  const logged = (store[LOGGED] ??= new Set());
  if (logged.has(key) || logged.size >= MAX_LOGGED_ONCE_KEYS) return;
  logged.add(key);
  logEvent(level, event, fields);
}

/** Set by proxy.ts on requests for the console's pages, and only there: the root layout leaves out the participants' chrome. */
export const CONSOLE_HEADER = 'x-console';

/** Whether a path (without the base path) is the console's. */
export function isConsolePath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

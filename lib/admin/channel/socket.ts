import path from 'node:path';

/**
 * Where the running app listens for admin commands: a Unix socket in a folder of DATA_DIR that only
 * its owner may enter (0700), the socket itself 0600. Whoever may open the data folder may run
 * commands anyway; nobody else can reach it, and no network port is opened.
 */
export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, 'admin', 'commands.sock');
}

/** The longest path a Unix socket can have on Linux (sun_path, less its terminating NUL). */
export const MAX_SOCKET_PATH = 107;

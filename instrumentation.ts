/**
 * Runs once when the server starts. NEXT_RUNTIME is Next's own marker, not configuration: the
 * start-up work only makes sense in the Node.js server.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startServer } = await import('./lib/startup');
    await startServer();
  }
}

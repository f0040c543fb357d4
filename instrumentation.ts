import { PHASE_PRODUCTION_BUILD } from 'next/constants';

/**
 * Runs once when the server starts. NEXT_RUNTIME and NEXT_PHASE are Next's own markers, not
 * configuration: the start-up work only makes sense in the Node.js server, and the build (whose
 * workers load this too) is not a start through server.mjs.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startServer } = await import('./lib/startup');
    await startServer({ building: process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD });
  }
}

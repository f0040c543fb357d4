import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { startEnvironment } from '../../fuzz/server';

export type Server = { pid: number; stop: () => Promise<void> };

/**
 * `npm start`'s command on the folder, stdout and stderr appended to logFile; resolves once /api/health answers 200.
 * Node itself, not `sh -c` as e2e/fuzz/server.ts starts it: the probe and the node options under test go on its command line.
 */
export async function startServer(port: number, dataDir: string, logFile: string, nodeOptions: string[], env: Record<string, string>): Promise<Server> {
  const log = fs.openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, [...nodeOptions, 'server.mjs', '-p', String(port)], {
    env: { ...process.env, ...startEnvironment(), DEMO_MODE: 'on', ...env, DATA_DIR: dataDir, NODE_ENV: 'production' },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  let exited: string | undefined;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = signal ? `signal ${signal}` : `exit code ${code}`;
      resolve();
    }),
  );
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(killer);
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server stopped before it was ready (${exited}); see ${logFile}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      await response.body?.cancel();
      if (response.ok) return { pid: child.pid!, stop };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`the server did not answer /api/health within 120 s; see ${logFile}`);
}

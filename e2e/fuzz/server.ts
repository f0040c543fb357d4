import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * package.json's start script: environment settings first (`NAME=${NAME:-value}`: the operator's
 * own value wins), then `node [options] server.mjs`.
 */
function startScript(): { environment: Array<[string, string]>; options: string[] } {
  const start = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
  const words = start.trim().split(/\s+/);
  const environment: Array<[string, string]> = [];
  while (words[0]?.includes('=')) {
    const match = /^([A-Z_][A-Z0-9_]*)=\$\{\1:-([^}]*)\}$/.exec(words.shift()!);
    if (!match) throw new Error(`package.json's start script sets its environment other than NAME=\${NAME:-value}: ${start}`);
    environment.push([match[1]!, match[2]!]);
  }
  if (words[0] !== 'node' || words.at(-1) !== 'server.mjs') throw new Error(`package.json's start script is not "[NAME=\${NAME:-value} …] node [options] server.mjs": ${start}`);
  return { environment, options: words.slice(1, -1) };
}

/** The node options of `npm start`: suites and benchmarks run what operators run. */
export function startOptions(): string[] {
  return startScript().options;
}

/** The environment `npm start` sets, with the defaults of its script (what a systemd unit sets with Environment=). */
export function startDefaults(): Record<string, string> {
  return Object.fromEntries(startScript().environment);
}

/** The same, as `npm start` would set it in this environment: a value already set stays. */
export function startEnvironment(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  // As the shell's ${NAME:-value}: an empty value counts as unset.
  return Object.fromEntries(startScript().environment.map(([name, value]) => [name, env[name] || value]));
}

/**
 * How the production server starts, run by sh in the repository with PORT, DATA_DIR and
 * NODE_ENV=production set, and startEnvironment(): `npm start`'s command. The one place to switch.
 */
export const START_COMMAND = ['node', ...startOptions(), 'server.mjs', '-p', '"$PORT"'].join(' ');

export type RunningServer = {
  baseUrl: string;
  port: number;
  /** The server's process id (sh execs into node, so this is node's). */
  pid: number;
  /** Set once the process has exited, with how. */
  exit: () => string | undefined;
  /** Lines the server has written to its log file so far. */
  logLines: () => string[];
  stop: () => Promise<void>;
  /** SIGKILL to the server and anything it started, as a crash or the OOM killer would; resolves once it is gone. */
  kill: () => Promise<void>;
  /**
   * SIGTERM to the server and every process it started, as systemd stops a service (KillMode=control-group),
   * and no SIGKILL after a few seconds: resolves with how it exited ("exit code 0"), or, should it
   * still run after limitMs, SIGKILLs it and resolves with "still running after <limitMs> ms".
   */
  terminate: (limitMs: number) => Promise<string>;
};

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts the server with stdout and stderr into logFile and waits for /api/health to answer 200,
 * asking every pollMs (default 250).
 */
export async function startServer(options: { port: number; dataDir: string; logFile: string; env?: Record<string, string>; pollMs?: number }): Promise<RunningServer> {
  const { port, dataDir, logFile, pollMs = 250 } = options;
  const log = fs.openSync(logFile, 'w');
  // SERVER_CPU_PROFILE_DIR=<dir>: the server writes a V8 CPU profile there when it stops (node refuses --cpu-prof in NODE_OPTIONS).
  const profileDir = process.env.SERVER_CPU_PROFILE_DIR;
  const command = profileDir ? START_COMMAND.replace(/^node /, `node --cpu-prof --cpu-prof-dir=${JSON.stringify(path.resolve(profileDir))} `) : START_COMMAND;
  const child: ChildProcess = spawn('sh', ['-c', `exec ${command}`], {
    // Demo mode unless a caller says otherwise: suites and benchmarks sign in with the demo's codes.
    env: { ...process.env, ...startEnvironment(), DEMO_MODE: 'on', ...options.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production' },
    stdio: ['ignore', log, log],
    // Its own process group, so that stop() ends the server and anything it started, and nothing else.
    detached: true,
  });
  fs.closeSync(log);
  let exited: string | undefined;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = signal ? `signal ${signal}` : `exit code ${code}`;
      resolve();
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  const server: RunningServer = {
    baseUrl,
    port,
    pid: child.pid!,
    exit: () => exited,
    logLines: () => fs.readFileSync(logFile, 'utf8').split('\n').filter((line) => line.trim() !== ''),
    stop: async () => {
      if (exited || child.pid === undefined) return;
      signalGroup('SIGTERM');
      const killer = setTimeout(() => signalGroup('SIGKILL'), 5000);
      await exitedPromise;
      clearTimeout(killer);
    },
    kill: async () => {
      if (exited || child.pid === undefined) return;
      signalGroup('SIGKILL');
      await exitedPromise;
    },
    terminate: async (limitMs) => {
      if (!exited) {
        signalGroup('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        const late = await Promise.race([exitedPromise.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), limitMs)))]);
        clearTimeout(timer);
        if (late) {
          signalGroup('SIGKILL');
          await exitedPromise;
          return `still running after ${limitMs} ms`;
        }
      }
      return exited!;
    },
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server stopped before it was ready (${exited}); see ${logFile}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      await response.body?.cancel();
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  await server.stop();
  throw new Error(`the server did not answer /api/health within 120 s; see ${logFile}`);
}

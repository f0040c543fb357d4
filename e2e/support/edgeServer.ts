/**
 * For journeys that need the production server with settings of their own (TRUST_PROXY_HOPS, low
 * guessing limits) or its log: `node server.mjs` on a fresh data folder, as `npm start` runs it,
 * and a raw HTTP client that can choose its source address on the loopback network (127.0.0.x),
 * send headers a browser would not, and keep its own cookies.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { encryptCode } from './api';

export type EdgeServer = {
  port: number;
  url: string;
  dataDir: string;
  /** The process started (the primary, when it runs workers). */
  pid: number;
  output: () => string;
  /** Its exit code once it has exited and its output is read to the end (null after a signal), undefined until then. */
  exitCode: () => number | null | undefined;
  stop: () => Promise<void>;
};

/** env.BASE_PATH, when given, is where the server answers (a build for it: NEXT_DIST_DIR); url stays the origin. */
export async function startEdgeServer(port: number, env: Record<string, string>): Promise<EdgeServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-e2e-'));
  const child = spawn(process.execPath, ['server.mjs', '-p', String(port)], {
    env: { ...process.env, DATA_DIR: dataDir, DEMO_MODE: 'on', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Once its output is read to the end as well: 'exit' may come before the last lines its workers
  // wrote (they share its stdout), and a caller reads the output when it sees the exit code.
  child.once('close', (code) => (exitCode = code));
  // Should the worker end first (a hook timing out), the server must not outlive it.
  const orphanGuard = () => child.kill('SIGTERM');
  process.once('exit', orphanGuard);
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 140_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} stopped:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`server on ${port} did not start:\n${output}`);
    }
    const ok = await fetch(`${url}${env.BASE_PATH ?? ''}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    port,
    url,
    dataDir,
    pid: child.pid!,
    output: () => output,
    exitCode: () => exitCode,
    stop: async () => {
      process.off('exit', orphanGuard);
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; text: string; json: () => Record<string, unknown> };

/** One HTTP exchange, from the given loopback source address. */
export function rawRequest(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string; localAddress?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
        // A Host header given (even an empty one) goes out as given.
        setHost: !Object.keys(options.headers ?? {}).some((name) => name.toLowerCase() === 'host'),
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json: () => JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** A participant (or attacker) at one source address, with the cookies the server gave it. */
export class Visitor {
  private cookies = new Map<string, string>();

  constructor(
    private readonly port: number,
    readonly localAddress: string,
  ) {}

  private keep(answer: RawAnswer): RawAnswer {
    for (const line of answer.headers['set-cookie'] ?? []) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return answer;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async open(pagePath = '/support'): Promise<RawAnswer> {
    return this.keep(await rawRequest(this.port, { path: pagePath, localAddress: this.localAddress, headers: { cookie: this.cookieHeader() } }));
  }

  /** A call through the proxy, as the page's script makes it; extra headers are added as given. */
  async call(callPath: string, body: unknown, headers: Record<string, string> = {}): Promise<RawAnswer> {
    return this.keep(
      await rawRequest(this.port, {
        method: 'POST',
        path: `/api/${callPath}`,
        localAddress: this.localAddress,
        body: JSON.stringify(body),
        headers: {
          host: `localhost:${this.port}`,
          origin: `http://localhost:${this.port}`,
          'content-type': 'application/json',
          cookie: this.cookieHeader(),
          'x-xsrf-token': decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? ''),
          ...headers,
        },
      }),
    );
  }

  /** Opens a page, validates the ident code: the next call is an access-code attempt. */
  async startAssessment(identCode: string): Promise<void> {
    await this.open();
    const answer = await this.call('submit/kodekodex/identcode', { assessmentIdentCode: identCode });
    if (answer.json().statusCode !== 1) throw new Error(`ident code ${identCode} refused: ${answer.text}`);
  }

  /** An access-code attempt; true when it signed in (the answer names the participant). */
  async tryAccessCode(code: string, headers: Record<string, string> = {}): Promise<boolean> {
    const answer = await this.call('submit/kodekodex/login', { passwordHash: encryptCode(code) }, headers);
    if (answer.status !== 200) throw new Error(`login answered ${answer.status}: ${answer.text}`);
    return typeof answer.json().username === 'string';
  }
}

/**
 * Sends a request's head with `Expect: 100-continue` and, once the server has answered
 * "100 Continue" (its request handler has taken the request and now waits for the body), the first
 * part of the body; when those bytes have left, vanishes. Rejects if the server answers anything
 * else first: then no body was being read, and a test built on this would check nothing.
 */
export function abortMidBody(port: number, head: string[], firstPart: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write([...head, 'Expect: 100-continue', '', ''].join('\r\n')));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (!answer.includes('\r\n\r\n')) return;
      socket.removeAllListeners('data');
      if (!answer.startsWith('HTTP/1.1 100 ')) {
        socket.destroy();
        reject(new Error(`the server answered before reading the body: ${answer.split('\r\n')[0]}`));
        return;
      }
      socket.write(firstPart, () => {
        socket.destroy();
        resolve();
      });
    });
    socket.on('error', reject);
  });
}

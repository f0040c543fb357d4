/**
 * Debian's nginx (apt-get install nginx) in front of two app instances, with the site that
 * docs/operations.md documents ("nginx in front"), read from between its marker comments: the
 * documented block is the one tested. Only its ports, addresses and certificate are filled in
 * (siteFor); it runs as this user in a folder of its own, with a self-signed certificate for
 * 127.0.0.1, and logs every request with the instance that answered it (upstreamLines).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const DOC = 'docs/operations.md';
const BEGIN = '<!-- nginx-site: begin -->';
const END = '<!-- nginx-site: end -->';

/** The nginx block of docs/operations.md between its markers. */
export function documentedSite(markdown = fs.readFileSync(DOC, 'utf8')): string {
  const start = markdown.indexOf(BEGIN);
  const end = markdown.indexOf(END, start);
  if (start < 0 || end < 0) throw new Error(`${DOC}: no nginx site between "${BEGIN}" and "${END}"`);
  const block = /```nginx\n([\s\S]*?)```/.exec(markdown.slice(start, end));
  if (!block) throw new Error(`${DOC}: the nginx site markers hold no \`\`\`nginx block`);
  return block[1]!;
}

export type SiteValues = { instances: readonly [number, number]; httpsPort: number; httpPort: number; certificate: string; key: string };

/**
 * The documented site with this machine's values. Each documented value must be there exactly
 * once: a block changed so that the test would no longer run it as documented fails here.
 */
export function siteFor(site: string, values: SiteValues): string {
  const [first, second] = values.instances;
  const replacements: Array<[string, string]> = [
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${first} `],
    ['server 127.0.0.1:3002 ', `server 127.0.0.1:${second} `],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${values.httpsPort} ssl http2;`],
    ['listen 80;', `listen 127.0.0.1:${values.httpPort};`],
    ['/etc/letsencrypt/live/assessment.example.org/fullchain.pem', values.certificate],
    ['/etc/letsencrypt/live/assessment.example.org/privkey.pem', values.key],
  ];
  let filled = site;
  for (const [documented, here] of replacements) {
    const count = filled.split(documented).length - 1;
    if (count !== 1) throw new Error(`${DOC}'s nginx site must contain "${documented}" exactly once (found ${count} times)`);
    filled = filled.replace(documented, here);
  }
  return filled;
}

/** One request as nginx logged it: when it ended, its status, and the instances it tried in turn. */
export type UpstreamLine = { endedMs: number; status: number; method: string; upstreams: string[]; upstreamStatuses: string[]; uri: string };

export type Nginx = {
  httpsPort: number;
  httpPort: number;
  /** The certificate nginx serves, for a client to trust. */
  ca: string;
  dir: string;
  /**
   * What docs/operations.md's rolling restart does before and after an instance's restart: its
   * `server` line marked `down` (or no longer), nginx reloaded, and resolved once nginx's old
   * workers are gone (they first finish the requests they were passing on, to that instance too).
   */
  setDown: (port: number, down: boolean) => Promise<void>;
  /** What nginx logged so far (the folder goes with stop()). */
  upstreamLines: () => UpstreamLine[];
  errorLog: () => string;
  stop: () => Promise<void>;
};

/** The processes the nginx master runs now: its workers. */
function childrenOf(pid: number): number[] {
  const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

async function listening(port: number, deadline: number, child: ChildProcess, dir: string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx stopped (exit ${child.exitCode}): ${fs.readFileSync(path.join(dir, 'nginx.out'), 'utf8')}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startNginx(options: { instances: readonly [number, number]; httpsPort: number; httpPort: number }): Promise<Nginx> {
  if (!fs.existsSync(NGINX)) throw new Error(`no nginx at ${NGINX}: apt-get install nginx (.ci/install-test-deps), or set NGINX_PATH`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-e2e-'));
  // As root nginx runs its workers as nobody, who must reach the temporary folders it makes here.
  fs.chmodSync(dir, 0o755);
  const certificate = path.join(dir, 'certificate.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', key, '-out', certificate],
    { stdio: 'ignore' },
  );
  fs.writeFileSync(path.join(dir, 'site.conf'), siteFor(documentedSite(), { ...options, certificate, key }));
  const temp = (name: string) => path.join(dir, name);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      ...(process.getuid?.() === 0 ? ['user nobody nogroup;'] : []),
      'worker_processes 1;',
      `pid ${temp('nginx.pid')};`,
      `error_log ${temp('error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      "  log_format upstreams '$msec\\t$status\\t$request_method\\t$upstream_addr\\t$upstream_status\\t$uri';",
      `  access_log ${temp('access.log')} upstreams;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${temp(kind)};`),
      `  include ${temp('site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf')];
  try {
    execFileSync(NGINX, ['-t', '-q', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw new Error(`nginx -t refused the documented site: ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
  }
  const out = fs.openSync(path.join(dir, 'nginx.out'), 'w');
  const child = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  await listening(options.httpsPort, Date.now() + 10_000, child, dir);
  const site = path.join(dir, 'site.conf');
  return {
    setDown: async (port, down) => {
      const text = fs.readFileSync(site, 'utf8');
      const line = new RegExp(`^(\\s*server 127\\.0\\.0\\.1:${port} [^;]*?)( down)?;`, 'm');
      if (!line.test(text)) throw new Error(`no "server 127.0.0.1:${port} …;" line in the site`);
      fs.writeFileSync(site, text.replace(line, down ? '$1 down;' : '$1;'));
      const old = childrenOf(child.pid!);
      child.kill('SIGHUP');
      const deadline = Date.now() + 30_000;
      while (old.some((pid) => fs.existsSync(`/proc/${pid}`))) {
        if (Date.now() > deadline) throw new Error('nginx\'s old workers still run 30 s after the reload');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    httpsPort: options.httpsPort,
    httpPort: options.httpPort,
    ca: fs.readFileSync(certificate, 'utf8'),
    dir,
    upstreamLines: () =>
      fs
        .readFileSync(path.join(dir, 'access.log'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [ended, status, method, upstreams, upstreamStatuses, uri] = line.split('\t');
          return {
            endedMs: Number(ended) * 1000,
            status: Number(status),
            method: method!,
            upstreams: upstreams === '-' ? [] : upstreams!.split(/, | : /),
            upstreamStatuses: upstreamStatuses === '-' ? [] : upstreamStatuses!.split(/, | : /),
            uri: uri!,
          };
        }),
    errorLog: () => fs.readFileSync(path.join(dir, 'error.log'), 'utf8'),
    stop: async () => {
      process.off('exit', orphanGuard);
      if (child.exitCode === null) {
        // Fast shutdown: the master ends its workers and then itself.
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_GROUP_CODES } from '@/lib/embedded-api/demo/groupRows';
import { runParticipant } from '../benchmarks/classroom/participant';
import { createClient } from '../fuzz/http';
import { expect, needs, test } from '../support/deployed';
import { admin } from '../support/console';
import { startEdgeServer, type EdgeServer } from '../support/edgeServer';

/**
 * Every core (issue 31): on PostgreSQL `npm start` runs worker processes under node:cluster. A
 * participant whose requests each come on a connection of their own — node:cluster hands every
 * connection to the next worker — goes from the deep link to the first questionnaire page: the
 * session cookie, the XSRF token and the tokens hold across workers. A worker killed as the OOM
 * killer would is replaced while the other serves, and a stop ends every worker and the primary
 * with exit code 0. Collected only in the PostgreSQL pass (POSTGRES_SPECS in playwright.config.ts).
 */
const BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
const GROUP = DEMO_GROUP_CODES.find((group) => group.code === 'KWDEMO01')!;

/** The worker processes of a primary: its children (Linux /proc). */
function workersOf(pid: number): number[] {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return children ? children.split(/\s+/).map(Number) : [];
}

/** CPU seconds a process has used (utime + stime). */
function cpuSecondsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function firstQuestionWords(): string[] {
  const key = GROUP.questionnaires.find((q) => q.selectable)!.key;
  const definition = JSON.parse(fs.readFileSync(path.join('content', 'questionnaires', `${key}.json`), 'utf8')) as { questions: Array<{ text: Record<string, string> }> };
  return Object.values(definition.questions[0]!.text);
}

async function participantThrough(server: EdgeServer, index: number) {
  const client = createClient(server.port, 4, 60_000, { freshConnections: true });
  try {
    return await runParticipant({
      client,
      index,
      groupCode: GROUP.code,
      language: 'en',
      address: '127.0.0.1',
      fields: GROUP.fields,
      firstQuestion: firstQuestionWords(),
      pages: true,
    });
  } finally {
    client.close();
  }
}

test.describe('@operator every core: worker processes on PostgreSQL', needs('own-server'), () => {
  test.describe.configure({ mode: 'serial' });
  const databaseUrl = process.env.E2E_DATABASE_URL;
  let server: EdgeServer | undefined;

  test.beforeAll(async () => {
    if (!databaseUrl) throw new Error('the workers journey needs E2E_DATABASE_URL (the PostgreSQL pass)');
    test.setTimeout(180_000);
    server = await startEdgeServer(BASE + 105, { DATABASE_URL: databaseUrl, WEB_CONCURRENCY: '2', SESSION_SECRET: crypto.randomBytes(32).toString('base64url') });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('a participant on fresh connections is served by both workers in turn, from the deep link to the first page', async () => {
    test.setTimeout(90_000);
    const workers = workersOf(server!.pid);
    expect(workers).toHaveLength(2);
    const before = workers.map(cpuSecondsOf);
    const outcome = await participantThrough(server!, 1);
    expect(outcome.ok ? 'reached the first questionnaire page' : outcome.failure).toBe('reached the first questionnaire page');
    // Each of the ten requests went to the next worker: both did part of the work.
    const spent = workers.map((pid, i) => cpuSecondsOf(pid) - before[i]!);
    for (const seconds of spent) expect(seconds).toBeGreaterThan(0.05);
  });

  test('a branding change from the command line (a process of its own) shows at once in the frame of every worker', async () => {
    test.setTimeout(90_000);
    // Each page on a connection of its own, without a cookie: every worker serves some, and keeps the frame's answer.
    const client = createClient(server!.port, 1, 30_000, { freshConnections: true });
    const themes = async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 6; i++) {
        const page = await client.send({ label: 'page', method: 'GET', path: '/support', headers: { accept: 'text/html' } });
        expect(page.status).toBe(200);
        seen.add(/<body[^>]*data-theme="([^"]+)"/.exec(page.body)?.[1] ?? 'none');
      }
      return [...seen];
    };
    const onDatabase = { url: server!.url, dataDir: server!.dataDir, env: { DATABASE_URL: databaseUrl! } };
    try {
      expect(await themes()).toEqual(['default']);
      const changed = await admin(onDatabase, 'branding', 'set', '--theme', 'green');
      expect(changed, changed.stderr).toMatchObject({ code: 0 });
      // PostgreSQL's notification reaches both workers as the command ends: no page after it shows the old frame.
      expect(await themes()).toEqual(['green']);
    } finally {
      const back = await admin(onDatabase, 'branding', 'set', '--theme', 'default');
      expect(back, back.stderr).toMatchObject({ code: 0 });
      client.close();
    }
  });

  test('a worker that dies is replaced; the other serves meanwhile', async () => {
    test.setTimeout(90_000);
    const [victim, survivor] = workersOf(server!.pid);
    process.kill(victim!, 'SIGKILL');
    // A connection handed to the worker in the moment it died is lost with it; once the primary has
    // noticed, every new connection goes to the survivor until the new worker listens.
    const exitedLine = () => server!.output().split('\n').find((line) => line.includes('"event":"worker_exited"'));
    await expect.poll(exitedLine, { timeout: 10_000 }).toBeTruthy();
    expect(JSON.parse(exitedLine()!)).toMatchObject({ level: 'error', pid: victim, signal: 'SIGKILL', restarting: true });
    for (let i = 0; i < 4; i++) expect((await fetch(`${server!.url}/api/health`)).status).toBe(200);
    await expect.poll(() => workersOf(server!.pid).filter((pid) => pid !== survivor), { timeout: 60_000 }).toHaveLength(1);
    expect(workersOf(server!.pid)).not.toContain(victim);
    // Once it serves, a whole participant goes through both again.
    await expect.poll(async () => (await fetch(`${server!.url}/api/ready`)).status, { timeout: 60_000 }).toBe(200);
    const outcome = await participantThrough(server!, 2);
    expect(outcome.ok ? 'reached the first questionnaire page' : outcome.failure).toBe('reached the first questionnaire page');
  });

  test('a stop while a new worker still starts ends every worker, then the primary, with exit code 0', async () => {
    test.setTimeout(90_000);
    // Both workers serve first: the one that replaced the worker killed above may still be starting
    // (the journey before needs only one to serve), and the survivor below must be one that listens.
    const readyLines = () => server!.output().split('\n').filter((line) => line.startsWith('> Ready on')).length;
    await expect.poll(readyLines, { timeout: 60_000 }).toBe(3);
    const [victim, survivor] = workersOf(server!.pid);
    process.kill(victim!, 'SIGKILL');
    await expect.poll(() => workersOf(server!.pid).filter((pid) => pid !== survivor && pid !== victim), { timeout: 10_000 }).toHaveLength(1);
    const workers = workersOf(server!.pid);
    process.kill(server!.pid, 'SIGTERM');
    // Well before the primary's own limit (SHUTDOWN_TIMEOUT_MS + 5 s), after which it would end them with exit code 1.
    await expect.poll(() => server!.exitCode(), { timeout: 14_000 }).not.toBeUndefined();
    expect(server!.exitCode(), server!.output()).toBe(0);
    for (const pid of workers) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
    const output = server!.output();
    expect(output).toContain('> SIGTERM: the workers finish their requests in flight, then stop');
    // The survivor stops as a single process does; the new one, still starting, holds nothing and simply ends.
    expect(output).toContain("> SIGTERM: finishing requests in flight, then stopping");
  });
});

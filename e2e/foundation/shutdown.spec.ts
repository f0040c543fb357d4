import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CreatedAssessment } from '@/lib/admin/assessments';
import { StatusCode } from '@/lib/api/codes';
import { encodeAnswers, questionsPerPage } from '@/lib/flows/questionnaire';
import { ranksFor, type AcknowledgedSave } from '../benchmarks/durability/participant';
import { createParticipants } from '../benchmarks/durability/participants';
import { readBack } from '../benchmarks/durability/readBack';
import { startServer, type RunningServer } from '../fuzz/server';
import { encryptCode } from '../support/api';
import { expect, needs, test } from '../support/deployed';
import { Visitor } from '../support/edgeServer';

/**
 * The graceful stop (docs/operations.md, "Stopping and restarting") of `npm start` on PGlite, one
 * process: requests in flight when SIGTERM comes get their normal answers, a connection opened
 * before the stop still gets an answer (readiness: draining), new connections are refused, the
 * process exits 0 after saying so (a connection that never sends a request does not hold it up),
 * and the PGlite folder is free at once with every save in it.
 *
 * The request that is certainly in flight is an access-code check waiting for its turn: with one
 * check at a time per assessment every 3 s (ACCESS_CODE_CHECK_BURST=1,
 * ACCESS_CODE_CHECK_INTERVAL_SECONDS=3), a second wrong code right after the first waits about
 * 3 s (lib/embedded-api/keyCheckTurns.ts). Saves of three signed-in participants go out at the
 * same moment as the signal.
 */
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 102;
const LOG_DIR = path.resolve('test-results/shutdown');
const STOP_LINE = '> SIGTERM: finishing requests in flight, then stopping';

type Raw = { status: number; headers: Record<string, string>; body: string };

function unchunked(body: string): string {
  let text = '';
  for (let at = 0; ; ) {
    const end = body.indexOf('\r\n', at);
    const size = parseInt(body.slice(at, end), 16);
    if (!size) return text;
    text += body.slice(end + 2, end + 2 + size);
    at = end + 2 + size + 2;
  }
}

/** One exchange on a connection opened earlier, read until the server closes it. */
function exchangeOn(socket: net.Socket, request: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.once('error', reject);
    socket.once('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: headers['transfer-encoding'] === 'chunked' ? unchunked(body) : body });
    });
    socket.write(request);
  });
}

function connectionRefused(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** Signed in, on the first questionnaire page: the save of that page's valid ranking, ready to send. */
async function readyToSave(created: CreatedAssessment, index: number): Promise<{ send: () => Promise<AcknowledgedSave | string> }> {
  const visitor = new Visitor(PORT, '127.0.0.1');
  await visitor.startAssessment(created.identCode);
  const login = (await visitor.call('submit/kodekodex/login', { passwordHash: encryptCode(created.accessCode!) })).json();
  const perPage = questionsPerPage((login.tokenClaims as { product?: number }).product ?? 0);
  type Page = { questions: Parameters<typeof ranksFor>[1]; revision?: number; nextNavButtonQuestionStartIndex: number };
  const page = (await visitor.call('pageinfo/questionnaire', { questionsPerPage: perPage, questionStartIndex: 1 })).json() as unknown as Page;
  const values = ranksFor(index, page.questions);
  const body = {
    questionsPerPage: perPage,
    questionStartIndex: page.nextNavButtonQuestionStartIndex,
    answers: encodeAnswers(1, values),
    baseRevision: page.revision,
    saveId: crypto.randomBytes(12).toString('base64url'),
  };
  return {
    send: async () => {
      const answer = await visitor.call('pageinfo/questionnaire', body).catch((error: Error) => error.message);
      if (typeof answer === 'string') return answer;
      const json = answer.json() as { statusCode?: number; conflict?: boolean };
      if (answer.status !== 200 || json.statusCode !== StatusCode.Ok || json.conflict) return `HTTP ${answer.status}: ${answer.text.slice(0, 200)}`;
      return { participant: index, identCode: created.identCode, questionStartIndex: 1, values };
    },
  };
}

test.describe('@foundation graceful stop', needs('own-server', 'server-files'), () => {
  test.describe.configure({ mode: 'serial' });
  let dataDir: string;
  let server: RunningServer | undefined;
  let participants: CreatedAssessment[];
  let acknowledged: AcknowledgedSave[];
  /** One check per assessment, then one every `interval` seconds: the second wrong code waits its turn. */
  const paced = (interval: number) => ({ ACCESS_CODE_CHECK_BURST: '1', ACCESS_CODE_CHECK_INTERVAL_SECONDS: String(interval) });

  /** A second wrong code for the assessment, sent right after a first: it waits for its turn. */
  async function waitingCheck(created: CreatedAssessment) {
    const guesser = new Visitor(PORT, '127.0.0.1');
    await guesser.startAssessment(created.identCode);
    const first = await guesser.call('submit/kodekodex/login', { passwordHash: encryptCode('WRONG0001') });
    expect(first.status).toBe(200);
    return { first, waiting: guesser.call('submit/kodekodex/login', { passwordHash: encryptCode('WRONG0002') }), sent: Date.now() };
  }

  test.beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutdown-e2e-'));
    fs.mkdirSync(LOG_DIR, { recursive: true });
  });

  test.afterAll(async () => {
    await server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('SIGTERM: requests in flight answered, new connections refused, exit 0, the folder free with every save', async () => {
    test.setTimeout(120_000);
    participants = await createParticipants({ ...process.env, DATA_DIR: dataDir }, 5);
    server = await startServer({ port: PORT, dataDir, logFile: path.join(LOG_DIR, 'server.log'), env: { ...paced(3), SHUTDOWN_TIMEOUT_MS: '6000' } });
    const saves = await Promise.all(participants.slice(1, 4).map((created, index) => readyToSave(created, index)));
    const { first, waiting, sent } = await waitingCheck(participants[0]!);
    // Connections a client (or proxy) opened and has not used yet: one sends its request during the
    // stop, the other never does (a browser's preconnection).
    const open = net.connect(PORT, '127.0.0.1');
    const silent = net.connect(PORT, '127.0.0.1');
    const silentClosed = new Promise<void>((resolve) => silent.once('close', () => resolve()).on('error', () => undefined));
    await Promise.all([open, silent].map((socket) => new Promise((resolve) => socket.once('connect', resolve))));
    await sleep(500);

    // The saves' connections are made at once, their requests written within the next turn of this loop.
    const saving = saves.map((save) => save.send());
    await sleep(20);
    const stopped = server.terminate(30_000);
    await expect.poll(() => server!.logLines().includes(STOP_LINE), { timeout: 5_000, intervals: [20] }).toBe(true);

    // During the stop: the open connection is answered, and says it is the last; nobody new gets in.
    const ready = await exchangeOn(open, `GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n\r\n`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'draining' });
    expect(ready.headers.connection).toBe('close');
    expect(await connectionRefused(PORT)).toBe('ECONNREFUSED');

    // The requests in flight: the waiting check answered as the first one was, after its turn came.
    const second = await waiting;
    expect(Date.now() - sent).toBeGreaterThan(2_000);
    expect({ status: second.status, answer: second.json() }).toEqual({ status: 200, answer: first.json() });
    const answers = await Promise.all(saving);
    expect(answers.filter((save) => typeof save === 'string')).toEqual([]);
    acknowledged = answers as AcknowledgedSave[];

    // The silent connection is closed after a moment rather than holding the stop until SHUTDOWN_TIMEOUT_MS.
    await silentClosed;
    expect(await stopped).toBe('exit code 0');
    expect(server.logLines().filter((line) => line.includes('stop_timeout'))).toEqual([]);
    // The folder is free at once: the admin command line's code opens it and finds every save, value by value.
    const found = await readBack({ ...process.env, DATA_DIR: dataDir }, acknowledged);
    expect(found.lost).toEqual([]);
    expect(found.savesFound).toBe(3);
  });

  test('past SHUTDOWN_TIMEOUT_MS: what still runs is cut off, exit 1, the folder still clean', async () => {
    test.setTimeout(90_000);
    // The same folder again: the start finds it as the clean stop left it.
    server = await startServer({ port: PORT, dataDir, logFile: path.join(LOG_DIR, 'server-timeout.log'), env: { ...paced(6), SHUTDOWN_TIMEOUT_MS: '1000' } });
    const { waiting } = await waitingCheck(participants[4]!);
    await sleep(500);
    const stopped = server.terminate(30_000);
    // The check would have its turn after about 6 s; the stop waits 1 s.
    await expect(waiting).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(await stopped).toBe('exit code 1');
    expect(server.logLines().some((line) => line.includes('"event":"stop_timeout"'))).toBe(true);
    const found = await readBack({ ...process.env, DATA_DIR: dataDir }, acknowledged);
    expect(found.savesFound).toBe(3);
  });
});

/**
 * npm run bench:page — the server's CPU for one page of a signed-in participant, loaded again and
 * again: what a page costs without the burst around it (npm run bench:classroom measures the burst).
 *
 * The production server (`npm start`'s command, demo mode, on a fresh folder, stopped and started
 * again on it as every start after the first) gets a classroom participant of KWDEMO01 who goes
 * through the steps of bench:classroom up to `--after`; then the page `--page` is loaded by that
 * participant, one request at a time, as the browser asks for it:
 *   html       a full page load (what every step of the flow is today);
 *   rsc        the RSC payload of a client-side navigation that sends no router state (the whole tree);
 *   rsc-state  the same with the router state of the page before (`--from`): only the page's segment,
 *              the root layout and its header and footer left out.
 * Each kind is measured in rounds of N requests after 20 to warm up, the kinds alternating in each
 * round; the figure is the CPU of the server's process (all its threads, from /proc) per request.
 *
 *   --page PATH      (default /kodewquestionnairemanual)
 *   --after STEP     the participant's last step before it (default 'e-mail page'; see classroom/participant.ts)
 *   --from SEGMENT   the route the router state names for rsc-state (default kodewemail)
 *   --kinds LIST     (default html,rsc,rsc-state)
 *   --rounds R       (default 3)
 *   -n N             requests per round and kind (default 300)
 *
 * Needs a production build (TYPECHECKED=1 npm run build). Prints one line per round and kind, then
 * the mean per kind; the JSON on stdout. Node 24 as in docs/measurements.md:
 *   bash lib/scripts/with-node.sh 24 npm run bench:page
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_GROUP_CODES } from '@/lib/embedded-api/demo/groupRows';
import { createClient, type FuzzRequest } from '../fuzz/http';
import { cookieHeader, cookiesOf } from '../fuzz/sessions';
import { freePort, startServer, type RunningServer } from '../fuzz/server';
import { runParticipant, STEPS, type Step } from './classroom/participant';
import { cpuSecondsOf } from './support/processMemory';
import { rscRequest, type RscRequest } from './support/rscRequest';

const KINDS = ['html', 'rsc', 'rsc-state'] as const;
type Kind = (typeof KINDS)[number];
const GROUP_CODE = 'KWDEMO01';
const ADDRESS = '10.9.9.9';
const LOG_DIR = 'test-results/bench-page';

function settings() {
  const { values } = parseArgs({
    options: {
      page: { type: 'string' },
      after: { type: 'string' },
      from: { type: 'string' },
      kinds: { type: 'string' },
      rounds: { type: 'string' },
      n: { type: 'string', short: 'n' },
    },
  });
  const after = (values.after ?? 'e-mail page') as Step;
  if (!STEPS.includes(after)) throw new Error(`--after must be one of ${STEPS.join(', ')}`);
  const kinds = (values.kinds ?? KINDS.join(',')).split(',') as Kind[];
  const unknown = kinds.find((kind) => !KINDS.includes(kind));
  if (unknown) throw new Error(`--kinds: '${unknown}' is none of ${KINDS.join(', ')}`);
  const count = (text: string | undefined, fallback: number, name: string) => {
    const n = Number(text ?? fallback);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number above 0`);
    return n;
  };
  return { page: values.page ?? '/kodewquestionnairemanual', after, from: values.from ?? 'kodewemail', kinds, rounds: count(values.rounds, 3, '--rounds'), n: count(values.n, 300, '-n') };
}

/** What the browser's router sends with a client-side navigation from the route `from`. */
async function rscRequests(from: string): Promise<Record<Exclude<Kind, 'html'>, RscRequest>> {
  return { rsc: await rscRequest(), 'rsc-state': await rscRequest(from) };
}

async function main(): Promise<number> {
  const options = settings();
  if (!fs.existsSync('.next/BUILD_ID')) {
    console.error('bench:page: no production build; run `TYPECHECKED=1 npm run build` first');
    return 2;
  }
  const group = DEMO_GROUP_CODES.find((g) => g.code === GROUP_CODE)!;
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-page-'));
  const port = await freePort();
  let server: RunningServer | undefined;
  const client = createClient(port, 1, 60_000);
  try {
    const start = (log: string) => startServer({ port, dataDir, logFile: path.join(LOG_DIR, log), env: { TRUST_PROXY_HOPS: '1' }, pollMs: 100 });
    server = await start('server-first-start.log');
    await server.stop();
    server = await start('server.log');

    // The participant's cookies, as its browser keeps them.
    const jar = new Map<string, string>();
    const keeping = { ...client, send: async (request: FuzzRequest) => {
      const response = await client.send(request);
      cookiesOf(response, jar);
      return response;
    } } as typeof client;
    const reached = await runParticipant({ client: keeping, index: 1, groupCode: GROUP_CODE, language: 'de', address: ADDRESS, fields: group.fields, firstQuestion: [], pages: true, until: options.after });
    if (!reached.ok) throw new Error(`the participant stopped at '${reached.failure.step}': ${reached.failure.what}`);

    const rsc = await rscRequests(options.from);
    const requestOf = (kind: Kind): FuzzRequest => ({
      label: kind,
      method: 'GET',
      path: options.page + (kind === 'html' ? '' : rsc[kind].query),
      headers: { ...(kind === 'html' ? { accept: 'text/html' } : rsc[kind].headers), 'accept-encoding': 'gzip, br', cookie: cookieHeader(jar), 'x-forwarded-for': ADDRESS },
    });
    const perRequest: Record<string, number[]> = {};
    for (let round = 1; round <= options.rounds; round++) {
      for (const kind of options.kinds) {
        const request = requestOf(kind);
        for (let i = 0; i < 20; i++) await client.send(request);
        const before = cpuSecondsOf(server.pid);
        for (let i = 0; i < options.n; i++) {
          const response = await client.send(request);
          if (response.status !== 200) throw new Error(`${kind}: HTTP ${response.status} for ${options.page}`);
        }
        const ms = ((cpuSecondsOf(server.pid) - before) * 1000) / options.n;
        (perRequest[kind] ??= []).push(ms);
        console.error(`bench:page: round ${round}, ${kind}: ${ms.toFixed(2)} ms of server CPU per request`);
      }
    }
    const means = Object.fromEntries(Object.entries(perRequest).map(([kind, values]) => [kind, Number((values.reduce((a, b) => a + b, 0) / values.length).toFixed(2))]));
    console.error(`bench:page: ${options.page} after '${options.after}', the mean per request: ${Object.entries(means).map(([kind, ms]) => `${kind} ${ms} ms`).join(', ')}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(JSON.stringify({ page: options.page, after: options.after, requestsPerRound: options.n, perRequestMs: perRequest, meanMs: means }, null, 2));
    return 0;
  } finally {
    client.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench:page: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

import { rssOf } from '../support/processMemory';
import { REQUESTS_PER_VISIT, visit, type Count, type Participant } from './participants';
import type { Client } from './session';

export type LoadResult = {
  /** Each kind of request by outcome and status ("page /accesscode: ok, HTTP 200"), and how often. */
  counts: Map<string, number>;
  failed: number;
  requests: number;
  seconds: number;
  /** The server's RSS every second during the load. */
  samples: number[];
};

/** The participants visit after visit, all at once, until the seconds are up (a visit under way is finished). */
export async function runLoad(client: Client, pid: number, participants: readonly Participant[], loadSeconds: number): Promise<LoadResult> {
  const counts = new Map<string, number>();
  let failed = 0;
  const count: Count = (what, ok, status) => {
    const key = `${what}: ${ok ? 'ok' : 'FAILED'}, HTTP ${status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (!ok) failed++;
  };
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssOf(pid)), 1000);
  const loadStarted = Date.now();
  const end = loadStarted + loadSeconds * 1000;
  let requests = 0;
  await Promise.all(
    participants.map(async (p) => {
      while (Date.now() < end) {
        await visit(client, p, count);
        requests += REQUESTS_PER_VISIT;
      }
    }),
  );
  clearInterval(sampler);
  return { counts, failed, requests, seconds: (Date.now() - loadStarted) / 1000, samples };
}

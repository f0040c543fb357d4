import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export type Split = {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** V8's heap spaces (new_space, old_space, code_space, large_object_space, …). */
  spaces: Record<string, { size: number; used: number }>;
  heapUsedAfterGc?: number;
};

/**
 * The server's own account of its memory, through the probe (e2e/benchmarks/support/memoryProbe.mjs);
 * undefined when it does not answer in time. When analysing, the probe collects garbage and may write
 * a heap snapshot before it answers: it gets a minute instead of two seconds.
 */
export async function splitOf(pid: number, file: string, analyse: boolean): Promise<Split | undefined> {
  const before = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < (analyse ? 1200 : 40); i++) {
    await sleep(50);
    if (fs.existsSync(file) && fs.statSync(file).mtimeMs !== before) return JSON.parse(fs.readFileSync(file, 'utf8')) as Split;
  }
  return undefined;
}

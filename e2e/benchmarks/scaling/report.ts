import { ceilingPerS, type RunResult } from './run';

export type Ratio = { workers: number; against: number; round?: number; ratio: number };

/**
 * Page turns per second of each other worker count against the first one (`--workers 1,2`: 2 against
 * 1), in each round and over all rounds (every run's turns over every run's seconds).
 */
export function ratios(results: RunResult[], counts: number[]): { byRound: Ratio[]; overall: Ratio[] } {
  const [base, ...others] = counts;
  const rate = (runs: RunResult[]) => runs.reduce((sum, r) => sum + r.turns, 0) / runs.reduce((sum, r) => sum + r.seconds, 0);
  const rounds = [...new Set(results.map((r) => r.round))];
  const byRound = rounds.flatMap((round) => {
    const baseRun = results.find((r) => r.round === round && r.workers === base);
    return others.flatMap((workers) => {
      const run = results.find((r) => r.round === round && r.workers === workers);
      return run && baseRun ? [{ workers, against: base!, round, ratio: Math.round((run.turnsPerS / baseRun.turnsPerS) * 100) / 100 }] : [];
    });
  });
  const baseRate = rate(results.filter((r) => r.workers === base));
  const overall = others.map((workers) => ({ workers, against: base!, ratio: Math.round((rate(results.filter((r) => r.workers === workers)) / baseRate) * 100) / 100 }));
  return { byRound, overall };
}

/**
 * The best ratio this machine allows at the CPU per turn measured (all runs of a count together):
 * each count's ceiling against the first's. On 2 cores that PostgreSQL and the load generator
 * share with the app, it is below 2 however well the workers scale.
 */
export function attainableRatios(results: RunResult[], counts: number[], cores: number): Ratio[] {
  const ceiling = (workers: number) => {
    const runs = results.filter((r) => r.workers === workers);
    const sum = (pick: (r: RunResult) => number) => runs.reduce((total, r) => total + pick(r), 0);
    return ceilingPerS({ workers, cores, turns: sum((r) => r.turns), app: sum((r) => r.cpuS.app), postgres: sum((r) => r.cpuS.postgres), loadGenerator: sum((r) => r.cpuS.loadGenerator) });
  };
  const [base, ...others] = counts;
  return others.map((workers) => ({ workers, against: base!, ratio: Math.round((ceiling(workers) / ceiling(base!)) * 100) / 100 }));
}

const COLUMNS: Array<[string, (r: RunResult) => string]> = [
  ['round', (r) => String(r.round)],
  ['workers', (r) => String(r.workers)],
  ['turns/s', (r) => r.turnsPerS.toFixed(1)],
  ['calls/s', (r) => r.callsPerS.toFixed(1)],
  ['p50 ms', (r) => String(r.latencyMs?.p50 ?? '–')],
  ['p95 ms', (r) => String(r.latencyMs?.p95 ?? '–')],
  ['errors', (r) => String(r.errors)],
  ['app CPU s', (r) => `${r.cpuS.app}${r.cpuS.workers.length ? ` (${r.cpuS.workers.join(' + ')})` : ''}`],
  ['PG CPU s', (r) => String(r.cpuS.postgres)],
  ['loadgen CPU s', (r) => String(r.cpuS.loadGenerator)],
  ['other CPU s', (r) => String(r.cpuS.other)],
  ['idle s', (r) => String(r.cpuS.idle)],
  ['app+PG ms/turn', (r) => String(r.serverCpuMsPerTurn)],
  ['ceiling/s', (r) => String(r.machineCeilingPerS)],
  ['load avg', (r) => String(r.loadAverage)],
];

/** The runs as a Markdown table, in the order they ran. */
export function table(results: RunResult[]): string {
  const rows = [COLUMNS.map(([name]) => name), ...results.map((r) => COLUMNS.map(([, cell]) => cell(r)))];
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(rows[0]!), line(COLUMNS.map(() => '---')), ...rows.slice(1).map(line)].join('\n');
}

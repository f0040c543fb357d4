import fs from 'node:fs';

/**
 * Resident memory as the operating system counts it, for the benchmarks: what a host's memory limit
 * (a container's, a VM's) sees, which process.memoryUsage() inside the server cannot tell for its
 * children. Linux only (/proc).
 */

/** VmRSS of one process in bytes; 0 when it is gone (or a zombie, which holds no memory). */
function ownRss(pid: number): number {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 0;
  }
  const kib = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  return kib ? Number(kib) * 1024 : 0;
}

/** Parent of every live process, from /proc/<pid>/stat (its fourth field; the name before may hold spaces). */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(entry), Number(fields[1]));
    } catch {
      // ended while we looked
    }
  }
  return out;
}

/** The parent of a live process, from /proc/<pid>/stat; undefined when it is gone or not on this machine. */
export function parentOf(pid: number): number | undefined {
  return parents().get(pid);
}

/** The process and all its descendants. */
export function processTree(pid: number): number[] {
  const byParent = new Map<number, number[]>();
  for (const [child, parent] of parents()) byParent.set(parent, [...(byParent.get(parent) ?? []), child]);
  const tree: number[] = [];
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.pop()!;
    tree.push(next);
    pending.push(...(byParent.get(next) ?? []));
  }
  return tree;
}

/** Resident memory in bytes of the process and its descendants (the sum of their VmRSS). */
export function rssOf(pid: number): number {
  return processTree(pid).reduce((sum, each) => sum + ownRss(each), 0);
}

/** Clock ticks of /proc/<pid>/stat: utime, stime and, with reaped, cutime and cstime (children that have ended). */
function ownCpuTicks(pid: number, reaped: boolean): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14–17 of stat (utime, stime, cutime, cstime), counted from the state field (3).
    return (reaped ? [11, 12, 13, 14] : [11, 12]).reduce((sum, i) => sum + Number(fields[i]), 0);
  } catch {
    return 0;
  }
}

/**
 * CPU seconds the process and its descendants have used so far: the live ones each, the ended ones
 * once their parent has reaped them (a worker that died and was replaced still counts).
 */
export function cpuSecondsOf(pid: number): number {
  const [root, ...descendants] = processTree(pid);
  return (ownCpuTicks(root!, true) + descendants.reduce((sum, each) => sum + ownCpuTicks(each, false), 0)) / 100;
}

/**
 * CPU seconds every PostgreSQL server process on this machine has used so far (their command name
 * is postgres): the database's share of a benchmark on PostgreSQL, which runs on the same cores.
 */
export function postgresCpuSeconds(): number {
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') ticks += ownCpuTicks(Number(entry), false);
    } catch {
      // ended while we looked
    }
  }
  return ticks / 100;
}

/**
 * CPU seconds of the whole machine so far, from the first line of /proc/stat, over all cores: busy
 * (user, nice, system, irq, softirq, steal) and idle (idle, iowait). Over a stretch, busy minus what
 * a benchmark's own processes used is the other work that shared the cores with it.
 */
export function machineCpuSeconds(): { busy: number; idle: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1, 9).map(Number) as number[];
  return { busy: (user! + nice! + system! + irq! + softirq! + steal!) / 100, idle: (idle! + iowait!) / 100 };
}

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

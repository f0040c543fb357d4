import fs from 'node:fs';

/** Linux only: what /proc says. A process that is gone (or a field that is missing) counts as 0. */
function vmRssBytes(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kB = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
    return kB ? Number(kB) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Every process's parent, from /proc/<pid>/stat (the field after the parenthesised command name). */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may contain spaces and parentheses: the fields start after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // ended while we looked
    }
  }
  return parentOf;
}

/**
 * Resident memory of a process and all its descendants, in bytes (VmRSS from /proc/<pid>/status,
 * summed): what the machine gives the server, including anything it started (workers, helpers).
 */
export function rssOf(pid: number): number {
  const parentOf = parents();
  const tree = new Set([pid]);
  // Parents may have higher ids than their children (pid wrap-around): repeat until nothing is added.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of parentOf) {
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child);
        grew = true;
      }
    }
  }
  let total = 0;
  for (const member of tree) total += vmRssBytes(member);
  return total;
}

import fs from 'node:fs';

/**
 * What Linux says of a process beyond "its pid exists", for the folder lock: a process killed with
 * SIGKILL keeps its pid while the kernel tears it down, and afterwards as a zombie until its parent
 * (after a process group was killed: whoever inherits it, often a slow PID 1) collects it. Neither
 * runs any code of its own again, so neither may block a restart.
 */
export type ProcessState = {
  /** The start time in clock ticks (field 22 of /proc/<pid>/stat): tells a reused pid apart. */
  startTicks: string;
  /** A zombie (Z) or dead (X): every file it had is closed; only its exit status is left. */
  ended: boolean;
  /** In the kernel's exit already (PF_EXITING), or a SIGKILL is pending that it has not acted on yet. */
  exiting: boolean;
};

/** PF_EXITING in the flags of /proc/<pid>/stat (include/linux/sched.h). */
const PF_EXITING = 0x4;
/** SIGKILL (9) in the pending-signal masks of /proc/<pid>/status. */
const SIGKILL_BIT = 1n << 8n;

/** The state of a process; undefined where there is no /proc, or the pid is gone. */
export function processState(pid: number): ProcessState | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const state = parseStat(stat);
  if (state && !state.ended && !state.exiting) state.exiting = killPending(readStatus(pid));
  return state;
}

/** /proc/<pid>/stat's fields that matter here. */
export function parseStat(stat: string): ProcessState | undefined {
  // The command name (field 2) may contain spaces and parentheses: count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).trim().split(' ');
  const [state, flags, startTicks] = [fields[0], Number(fields[6]), fields[19]];
  if (!state || !startTicks || !Number.isFinite(flags)) return undefined;
  return { startTicks, ended: state === 'Z' || state === 'X' || state === 'x', exiting: (flags & PF_EXITING) !== 0 };
}

/** Whether /proc/<pid>/status shows a SIGKILL pending for the process or its main thread. */
export function killPending(status: string): boolean {
  return [...status.matchAll(/^(?:ShdPnd|SigPnd):\s*([0-9a-f]+)$/gim)].some((match) => (BigInt(`0x${match[1]}`) & SIGKILL_BIT) !== 0n);
}

function readStatus(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return '';
  }
}

import { spawn } from 'node:child_process';
import { killPending, parseStat, processState } from './processState';

/** /proc/<pid>/stat as Linux writes it, with the fields that matter here set. */
const stat = (state: string, flags: number, startTicks = '4242', name = 'node') =>
  `123 (${name}) ${state} 1 123 123 0 -1 ${flags} 0 0 0 0 5 3 0 0 20 0 11 0 ${startTicks} 1000 200 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0`;

describe('what /proc/<pid>/stat says of a process', () => {
  it.each([
    ['running', stat('R', 0x400000), { ended: false, exiting: false }],
    ['sleeping', stat('S', 0x400000), { ended: false, exiting: false }],
    ['stopped', stat('T', 0x400000), { ended: false, exiting: false }],
    ['in uninterruptible sleep', stat('D', 0x400000), { ended: false, exiting: false }],
    ['exiting (PF_EXITING), memory being freed', stat('R', 0x400004), { ended: false, exiting: true }],
    ['exiting, waiting on the disk', stat('D', 0x400044), { ended: false, exiting: true }],
    ['a zombie', stat('Z', 0x40040c), { ended: true, exiting: true }],
    ['dead', stat('X', 0x40040c), { ended: true, exiting: true }],
    ['named with spaces and parentheses', stat('Z', 0x4, '4242', 'a) b (c'), { ended: true }],
  ])('%s', (_, text, expected) => {
    expect(parseStat(text)).toEqual(expect.objectContaining({ startTicks: '4242', ...expected }));
  });

  it('reads nothing out of what is not such a line', () => {
    expect(parseStat('')).toBeUndefined();
    expect(parseStat('123 (node) R 1')).toBeUndefined();
  });
});

describe('a SIGKILL pending in /proc/<pid>/status', () => {
  it.each([
    ['SigPnd:\t0000000000000000\nShdPnd:\t0000000000000100\n', true],
    ['SigPnd:\t0000000000000100\nShdPnd:\t0000000000000000\n', true],
    ['SigPnd:\t0000000000000000\nShdPnd:\t0000000000004002\n', false],
    ['SigPnd:\t0000000000000000\nShdPnd:\t0000000000000000\n', false],
    ['', false],
  ])('%j → %s', (status, pending) => {
    expect(killPending(status)).toBe(pending);
  });
});

describe('real processes', () => {
  it('this one runs; a child killed and not yet collected has ended; a pid that is gone says nothing', async () => {
    expect(processState(process.pid)).toMatchObject({ ended: false, exiting: false });
    const child = spawn('sleep', ['600']);
    const pid = child.pid!;
    expect(processState(pid)).toMatchObject({ ended: false });
    // Node collects its children from the event loop: right after the kill the child is dying or a zombie.
    process.kill(pid, 'SIGKILL');
    const seen = processState(pid);
    expect(seen === undefined || seen.ended || seen.exiting).toBe(true);
    await new Promise((resolve) => child.once('exit', resolve));
    expect(processState(pid)).toBeUndefined();
  });
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDefaults, startOptions } from '@/e2e/fuzz/server';
import { DEFAULT_SHUTDOWN_MS } from '@/lib/edge/workers.mjs';

/**
 * The systemd unit of docs/operations.md ("Deployment", between its marker comments), as an
 * operator copies it: systemd's own check finds nothing to say about it, and it runs what
 * `npm start` runs and stops as the app expects.
 */
const DOC = path.join(process.cwd(), 'docs/operations.md');

function documentedUnit(): string {
  const markdown = fs.readFileSync(DOC, 'utf8');
  const start = markdown.indexOf('<!-- systemd-unit: begin -->');
  const end = markdown.indexOf('<!-- systemd-unit: end -->', start);
  const block = /```ini\n([\s\S]*?)```/.exec(markdown.slice(start, end));
  if (start < 0 || end < 0 || !block) throw new Error('docs/operations.md: no ```ini block between the systemd-unit markers');
  return block[1]!;
}

const setting = (unit: string, name: string) => [...unit.matchAll(new RegExp(`^${name}=(.*)$`, 'gm'))].map((match) => match[1]!);

describe('the systemd unit of docs/operations.md', () => {
  const unit = documentedUnit();

  it('passes systemd-analyze verify without a word (it only warns about unknown or broken settings)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unit-'));
    try {
      // Its node where this machine has one elsewhere: systemd checks that the program exists.
      const file = path.join(dir, 'assessment@3001.service');
      fs.writeFileSync(file, fs.existsSync('/usr/bin/node') ? unit : unit.replace('/usr/bin/node', process.execPath));
      const check = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
      expect(check.error).toBeUndefined();
      expect({ status: check.status, said: `${check.stdout}${check.stderr}`.trim() }).toEqual({ status: 0, said: '' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts node with the options of `npm start` and stops it with SIGTERM, waiting longer than the app does', () => {
    expect(setting(unit, 'ExecStart')).toEqual([['/usr/bin/node', ...startOptions(), 'server.mjs'].join(' ')]);
    expect(setting(unit, 'KillSignal')).toEqual(['SIGTERM']);
    const [timeout] = setting(unit, 'TimeoutStopSec');
    expect(Number(timeout) * 1000).toBeGreaterThan(DEFAULT_SHUTDOWN_MS);
    expect(setting(unit, 'Environment').join(' ')).toContain('TRUST_PROXY_HOPS=1');
  });

  it('sets the environment `npm start` sets (glibc reads MALLOC_ARENA_MAX before node runs)', () => {
    const environment = setting(unit, 'Environment').join(' ').split(/\s+/);
    const defaults = Object.entries(startDefaults());
    expect(defaults.length).toBeGreaterThan(0);
    for (const [name, value] of defaults) expect(environment).toContain(`${name}=${value}`);
  });
});

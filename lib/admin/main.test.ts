import { EXIT, UsageError, type Command, type Io } from './command';
import { runAdmin } from './main';

function recorder(): Io & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), env: {} };
}

const ran: string[][] = [];
const COMMANDS: Command[] = [
  { name: 'thing list', summary: 'lists things', help: 'Usage: thing list', run: async (args) => (ran.push(args), EXIT.ok) },
  { name: 'thing', summary: 'a thing', help: 'Usage: thing', run: async () => { throw new UsageError('--count must be a number'); } },
  { name: 'broken', summary: 'fails', help: 'Usage: broken', run: async () => { throw new Error('database is in use'); } },
];

describe('the admin dispatcher', () => {
  it('runs the command named by the most words, with the rest as its arguments', async () => {
    const io = recorder();
    expect(await runAdmin(['thing', 'list', '--all'], io, COMMANDS)).toBe(EXIT.ok);
    expect(ran).toContainEqual(['--all']);
  });

  it('prints the overview for --help and when nothing is given', async () => {
    const io = recorder();
    expect(await runAdmin(['--help'], io, COMMANDS)).toBe(EXIT.ok);
    expect(io.stdout.join('')).toMatch(/thing list\s+lists things/);
    expect(await runAdmin([], recorder(), COMMANDS)).toBe(EXIT.usage);
  });

  it("prints a command's own help for --help after it", async () => {
    const io = recorder();
    expect(await runAdmin(['broken', '--help'], io, COMMANDS)).toBe(EXIT.ok);
    expect(io.stdout).toEqual(['Usage: broken']);
  });

  it('names an unknown command and exits with the usage code', async () => {
    const io = recorder();
    expect(await runAdmin(['frobnicate'], io, COMMANDS)).toBe(EXIT.usage);
    expect(io.stderr.join('')).toContain("Unknown command 'frobnicate'");
  });

  it('turns bad arguments into one line and where help is, and failures into one line without a stack', async () => {
    const usage = recorder();
    expect(await runAdmin(['thing'], usage, COMMANDS)).toBe(EXIT.usage);
    expect(usage.stderr.join('')).toContain('thing: --count must be a number');
    const failed = recorder();
    expect(await runAdmin(['broken'], failed, COMMANDS)).toBe(EXIT.failure);
    expect(failed.stderr.join('')).toBe('broken: database is in use');
  });
});

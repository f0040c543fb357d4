import { ConfigError } from '@/lib/config';
import { EXIT, UsageError, type Command, type Io } from './command';
import { COMMANDS } from './commands';

const PROGRAM = 'npm run admin --';

function overview(commands: Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length), 10);
  return [
    `Usage: ${PROGRAM} <command> [options]`,
    '',
    'Works on the same database as the app: PGlite in DATA_DIR, or PostgreSQL when DATABASE_URL is set.',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    `Run '${PROGRAM} <command> --help' for the options of one command.`,
  ].join('\n');
}

/** The command named by the longest run of leading words, and the arguments after it. */
function findCommand(argv: string[], commands: Command[]): { command: Command; args: string[] } | undefined {
  const byWords = [...commands].sort((a, b) => b.name.split(' ').length - a.name.split(' ').length);
  for (const command of byWords) {
    const words = command.name.split(' ');
    if (words.every((word, i) => argv[i] === word)) return { command, args: argv.slice(words.length) };
  }
  return undefined;
}

/** Runs one command line; answers the exit code. Errors are one line for the operator, never a stack. */
export async function runAdmin(argv: string[], io: Io, commands: Command[] = COMMANDS): Promise<number> {
  if (argv.length === 0 || ['--help', '-h', 'help'].includes(argv[0]!)) {
    io.out(overview(commands));
    return argv.length === 0 ? EXIT.usage : EXIT.ok;
  }
  const found = findCommand(argv, commands);
  if (!found) {
    io.err(`Unknown command '${argv.join(' ')}'.\n\n${overview(commands)}`);
    return EXIT.usage;
  }
  const { command, args } = found;
  if (args.includes('--help') || args.includes('-h')) {
    io.out(command.help);
    return EXIT.ok;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${command.name}: ${error.message}\nRun '${PROGRAM} ${command.name} --help' for its options.`);
      return EXIT.usage;
    }
    if (error instanceof ConfigError) {
      io.err(error.message);
      return EXIT.usage;
    }
    const exit = (error as { exitCode?: number } | null)?.exitCode;
    io.err(`${command.name}: ${error instanceof Error ? error.message : String(error)}`);
    return typeof exit === 'number' ? exit : EXIT.failure;
  }
}

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './command';

type OptionSpecs = NonNullable<ParseArgsConfig['options']>;

/**
 * node:util parseArgs, strict: an unknown option, a missing value or a stray argument is a
 * UsageError naming it, so the dispatcher prints one line and where help is.
 */
export function parseOptions<T extends OptionSpecs>(args: string[], options: T, { positionals = false } = {}) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: positionals });
  } catch (error) {
    const code = (error as { code?: string }).code;
    // Not instanceof Error: under a test runner's VM the error comes from another realm.
    const message = String((error as { message?: unknown }).message ?? error).split('\n')[0]!;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`unknown option ${message.match(/'[^']*'/)?.[0] ?? message}`);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') throw new UsageError(`unexpected argument ${message.match(/'[^']*'/)?.[0] ?? message}`);
    if (code?.startsWith('ERR_PARSE_ARGS')) throw new UsageError(message.replace(/^Option/, 'option'));
    throw error;
  }
}

/** The value of an option the command cannot do without. */
export function required(value: string | undefined, option: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`${option} is required`);
  return value.trim();
}

/** A whole number from min to max, or a UsageError naming the option and the range. */
export function wholeNumber(value: string, option: string, min: number, max: number): number {
  const n = /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new UsageError(`${option} must be a whole number from ${min} to ${max}, not '${value}'`);
  return n;
}

import type { Command } from '../command';

/** Every command of the admin command line; one line each. */
export const COMMANDS: Command[] = [];

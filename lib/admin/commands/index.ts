import type { Command } from '../command';
import { assessmentCreate } from './assessmentCreate';
import { assessmentList } from './assessmentList';
import { demoReset } from './demoReset';
import { exportCommand } from './export';

/** Every command of the admin command line; one line each. */
export const COMMANDS: Command[] = [
  assessmentCreate,
  assessmentList,
  exportCommand,
  demoReset,
];

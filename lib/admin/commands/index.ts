import type { Command } from '../command';
import { questionnaireImport } from './questionnaireImport';
import { questionnaireList } from './questionnaireList';

/** Every command of the admin command line; one line each. */
export const COMMANDS: Command[] = [
  questionnaireImport,
  questionnaireList,
];

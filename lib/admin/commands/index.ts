import type { Command } from '../command';
import { assessmentCreate } from './assessmentCreate';
import { assessmentList } from './assessmentList';
import { backupCommands } from './backup';
import { brandingCommands } from './branding';
import { demoReset } from './demoReset';
import { exportCommand } from './export';
import { groupCodeCommands } from './groupCode';
import { operatorCommands } from './operator';
import { outboxList, outboxShow } from './outbox';
import { portalCommands } from './portal';
import { privacyAudit } from './privacyAudit';
import { privacyErase } from './privacyErase';
import { privacyExport } from './privacyExport';
import { privacyPurge } from './privacyPurge';
import { questionnaireImport } from './questionnaireImport';
import { questionnaireList } from './questionnaireList';

/** Every command of the admin command line; one line each. */
export const COMMANDS: Command[] = [
  questionnaireImport,
  questionnaireList,
  assessmentCreate,
  assessmentList,
  ...groupCodeCommands,
  exportCommand,
  demoReset,
  outboxList,
  outboxShow,
  ...portalCommands,
  privacyErase,
  privacyAudit,
  privacyExport,
  privacyPurge,
  ...operatorCommands,
  ...brandingCommands,
  ...backupCommands,
];

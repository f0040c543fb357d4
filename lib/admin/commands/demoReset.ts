import { resetDemo } from '@/lib/embedded-api/demo/seed';
import { EXIT, type Command } from '../command';
import { withAdminDatabase } from '../database';
import { parseOptions } from '../options';

const HELP = `Usage: npm run admin -- demo reset

Restores the demo rows exactly as on first start; other assessments stay
untouched. Also: npm run demo:reset.

Example:
  DATA_DIR=./.data npm run admin -- demo reset`;

export const demoReset: Command = {
  name: 'demo reset',
  summary: 'restore the demo rows as on first start',
  help: HELP,
  run: async (args, io) => {
    parseOptions(args, {});
    const where = await withAdminDatabase(io.env, async ({ db, where }) => {
      await resetDemo(db);
      return where;
    }, { onWait: io.err });
    io.out(`Demo data restored (${where}).`);
    return EXIT.ok;
  },
};

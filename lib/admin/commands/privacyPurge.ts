import { purgeAlone } from '@/lib/embedded-api/privacy/dailyPurge';
import type { PurgeCounts } from '@/lib/embedded-api/privacy/purge';
import { describeRule, PURGE_RULES, retentionSettings, type RetentionSettings } from '@/lib/embedded-api/privacy/retention';
import { EXIT, type Command, type Io } from '../command';
import { withAdminDatabase } from '../database';
import { parseOptions } from '../options';
import { describeCounts, operatorName } from '../privacyOptions';

const HELP = `Usage: npm run admin -- privacy purge [--dry-run]

Deletes what the retention rules no longer keep (GDPR Art. 5(1)(e)), as the app does once a day:
first prints, rule by rule, what it would delete (the counts per table), then deletes it. The
periods come from the PRIVACY_* settings (docs/privacy.md, "Retention"); invoice data of the portal
only under their own rule (PRIVACY_INVOICE_YEARS, §147 AO). The audit (privacy audit) records what
was deleted, when and by whom, never whom.

Options:
  --dry-run   only print what it would delete; nothing is deleted

Examples:
  npm run admin -- privacy purge --dry-run
  PRIVACY_FINISHED_DAYS=730 npm run admin -- privacy purge`;

function printCounts(io: Io, counts: PurgeCounts, settings: RetentionSettings): void {
  for (const rule of PURGE_RULES) io.out(`${rule} — ${describeRule(rule, settings)}: ${describeCounts(counts[rule])}`);
}

export const privacyPurge: Command = {
  name: 'privacy purge',
  summary: 'delete what the retention rules no longer keep (--dry-run: only count it)',
  help: HELP,
  run: async (args, io) => {
    const { values } = parseOptions(args, { 'dry-run': { type: 'boolean', default: false } });
    return withAdminDatabase(io.env, async ({ db, config }) => {
      const settings = retentionSettings(config);
      const now = Date.now();
      const by = operatorName(io);
      const busy = () => {
        io.err('privacy purge: another purge is under way (the daily purge of an app on this database); nothing was deleted. Run it again once that one is done.');
        return EXIT.failure;
      };
      const preview = await purgeAlone(db, settings, { now, by, dryRun: true });
      if (preview === 'busy') return busy();
      io.err(`Would delete, as of ${new Date(now).toISOString()}:`);
      printCounts(io, preview.counts, settings);
      if (values['dry-run']) {
        io.err(`${preview.records} records in all; nothing was deleted (--dry-run).`);
        return EXIT.ok;
      }
      if (preview.records === 0) {
        io.err('Nothing to delete.');
        return EXIT.ok;
      }
      const done = await purgeAlone(db, settings, { now, by });
      if (done === 'busy') return busy();
      const perRule = PURGE_RULES.map((rule) => [rule, Object.values(done.counts[rule]).reduce((sum, n) => sum + n, 0)] as const).filter(([, n]) => n > 0);
      io.out(`Purged ${done.records} records: ${describeCounts(Object.fromEntries(perRule))}.`);
      io.err('The privacy audit records this purge (privacy audit).');
      return EXIT.ok;
    }, { onWait: io.err });
  },
};

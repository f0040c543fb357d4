/**
 * npx tsx lib/scripts/mail-limit-concurrency.ts — one group participant asks for their access-code
 * mail REQUESTS times at once (default 50), each request from its own address, against the
 * per-participant limit LIMIT (default 3), and prints how many mails the SMTP server (a real one,
 * in this process) received. The anti-spam limit holds only if that is exactly LIMIT.
 *
 * Without DATABASE_URL: one instance on an in-memory PGlite. With DATABASE_URL (a PostgreSQL you
 * may scribble on: it migrates, seeds the demo rows when empty and adds one participant to
 * KWDEMO01, removed at the end): INSTANCES (default 3) instances, each with its own connection
 * pool, share that database, as app processes behind a load balancer would.
 */
import { startSmtpServer } from '@/e2e/support/smtp';
import type { EmbeddedSettings } from '@/lib/embedded-api/context';
import { openDatabase, type Database } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { seedDemoIfEmpty } from '@/lib/embedded-api/demo/seed';
import { createMember, findGroupCode } from '@/lib/embedded-api/groups/store';
import { hashKey } from '@/lib/embedded-api/keys';
import { createRequestHandler } from '@/lib/embedded-api/server';
import { sendTo, testSettings } from '@/lib/embedded-api/testApi';
import { signToken } from '@/lib/embedded-api/tokens';

const requests = Number(process.env.REQUESTS ?? 50);
const limit = Number(process.env.LIMIT ?? 3);
const databaseUrl = process.env.DATABASE_URL;
const instanceCount = databaseUrl ? Number(process.env.INSTANCES ?? 3) : 1;

async function main() {
  const smtp = await startSmtpServer();
  const databases: Database[] = [];
  for (let i = 0; i < instanceCount; i++) databases.push(await openDatabase(databaseUrl ? { databaseUrl, dataDir: '.' } : { memory: true }));
  const first = databases[0]!;
  let memberId: number | undefined;
  try {
    await migrate(first);
    await seedDemoIfEmpty(first);
    const base = testSettings('mail-probe-'.padEnd(40, 'x'));
    const settings: EmbeddedSettings = { ...base, mail: { ...base.mail, smtpUrl: smtp.url, maxPerParticipantPerHour: limit } };
    const group = await findGroupCode(first, 'KWDEMO01');
    if (!group) throw new Error('no group code KWDEMO01: the demo rows are missing');
    const member = await first.transaction((tx) => createMember(tx, group));
    memberId = member.memberId;
    await first.query('update assessor set key_hash = $2 where id = $1', [member.assessorId, await hashKey('Probe4711')]);
    // Past the personal-info page: the mail comes after it (consent before content, SECURITY.md).
    await first.query('update group_member set personal_info_saved_at = now() where id = $1', [member.memberId]);
    const token = signToken({ product: 4, isLoggedIn: true, assessorId: member.assessorId, assessment: member.assessmentId }, settings.tokenSecret, 3600);
    const accessCode = member.accessCode;

    const instances = databases.map((db) => createRequestHandler(db, settings));
    const answers = await Promise.all(
      Array.from({ length: requests }, (_, i) =>
        sendTo(instances[i % instances.length]!, 'submit/kodew/sendaccesscode', { email: `probe${i}@example.com`, accessCode, uiLanguage: 'en-US', token }, `198.18.${Math.floor(i / 250)}.${i % 250}`),
      ),
    );
    const sent = answers.filter((a) => a.answer.statusCode === 1).length;
    const limited = answers.filter((a) => a.answer.statusCode === 12 && a.answer.detailCode === 102).length;
    const received = smtp.received.length;
    const where = databaseUrl ? `PostgreSQL, ${instanceCount} instances` : 'PGlite, 1 instance';
    console.log(`mails received under ${requests} concurrent requests of one participant: ${received} (limit ${limit}; ${sent} answered Ok, ${limited} refused as over the limit; ${where})`);
    if (received !== limit || sent !== limit || limited !== requests - limit) process.exitCode = 1;
  } finally {
    if (memberId !== undefined) await first.query('delete from group_member where id = $1', [memberId]);
    for (const db of databases) await db.close();
    await smtp.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});

import type { MailSettings } from '@/lib/embedded-api/context';
import type { Database } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { openTestDatabase } from '@/lib/embedded-api/db/testDatabase';
import { accessCodeMail } from '@/lib/embedded-api/mail/accessCodeMail';
import { recipientKey } from '@/lib/embedded-api/mail/limits';
import { putIntoOutbox } from '@/lib/embedded-api/mail/outbox';
import { resendAccessCodeMail } from './mailResend';
import { latestOutbox } from './outboxList';

const FROM = 'Assessment Online <no-reply@assessment-online.example>';
const settings: MailSettings = { timeoutMs: 1000, from: FROM, maxPerParticipantPerHour: 3, maxPerRecipientPerHour: 5, maxPerClientPerHour: 20 };
let db: Database;
let memberId: number;

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  const [group] = await db.query<{ id: number }>("insert into group_code (code, variant, product) values ('KODEW12345', 'kodew', 1) returning id");
  const [assessor] = await db.query<{ id: number }>('insert into assessor (is_registered, must_register) values (false, false) returning id');
  const [member] = await db.query<{ id: number }>('insert into group_member (group_code_id, assessor_id, access_code) values ($1, $2, $3) returning id', [group!.id, assessor!.id, 'K7MQ2XRT9']);
  memberId = member!.id;
}, 120_000);

afterAll(() => db.close());

beforeEach(async () => {
  await db.query('delete from mail_outbox');
  await db.query('delete from mail_sent');
});

const outboxCount = async () => (await db.query<{ n: number }>('select count(*)::int as n from mail_outbox'))[0]!.n;

describe('resendAccessCodeMail', () => {
  it('sends the very mail again, to its own address, and counts it for the participant', async () => {
    const original = await putIntoOutbox(db, FROM, accessCodeMail('anna@example.com', 'K7MQ2XRT9', 'de-DE', 'https://assess.example'));
    expect(await resendAccessCodeMail(db, settings, original, '203.0.113.9')).toEqual({ sent: 'outbox', recipient: 'anna@example.com' });
    const [newest, first] = await latestOutbox(db, 10);
    expect(first!.id).toBe(original);
    expect(newest).toMatchObject({ kind: 'accessCode', language: 'de-DE', recipient: 'anna@example.com', subject: 'Ihr persönlicher Zugangscode' });
    const [bodies] = await db.query<{ same: boolean }>('select (select body from mail_outbox where id = $1) = (select body from mail_outbox where id = $2) as same', [original, newest!.id]);
    expect(bodies!.same).toBe(true);
    expect(await db.query('select group_member_id, client_address from mail_sent')).toEqual([{ group_member_id: memberId, client_address: '203.0.113.9' }]);
  });

  it('refuses once the participant has had their mails of the hour, and sends nothing', async () => {
    const original = await putIntoOutbox(db, FROM, accessCodeMail('anna@example.com', 'k7mq2xrt9', 'en-US', 'https://assess.example'));
    const now = Date.now();
    for (let i = 0; i < settings.maxPerParticipantPerHour; i++) {
      expect(await resendAccessCodeMail(db, settings, original, `198.51.100.${i}`, now)).toMatchObject({ sent: 'outbox' });
    }
    expect(await resendAccessCodeMail(db, settings, original, '198.51.100.99', now)).toEqual({ limited: 'participant' });
    expect(await outboxCount()).toBe(1 + settings.maxPerParticipantPerHour);
    // An hour later it may go again.
    expect(await resendAccessCodeMail(db, settings, original, '198.51.100.99', now + 3601_000)).toMatchObject({ sent: 'outbox' });
  });

  it('counts the mails to the address from elsewhere: the recipient\'s limit holds for the console too', async () => {
    const original = await putIntoOutbox(db, FROM, accessCodeMail('anna@example.com', 'K7MQ2XRT9', 'de-DE', 'https://assess.example'));
    const now = Date.now();
    // Mails to the address from elsewhere (the portal's confirmations, other participants) fill its hour.
    for (let i = 0; i < settings.maxPerRecipientPerHour; i++) {
      await db.query("insert into mail_sent (recipient_hash, client_address, sent_at) values ($1, '192.0.2.1', $2)", [recipientKey('ANNA@example.com'), new Date(now)]);
    }
    expect(await resendAccessCodeMail(db, settings, original, '203.0.113.9', now)).toEqual({ limited: 'recipient' });
    expect(await outboxCount()).toBe(1);
  });

  it('refuses an unknown mail, a mail that is not an access code, and a participant who is gone', async () => {
    expect(await resendAccessCodeMail(db, settings, 999_999, '203.0.113.9')).toEqual({ refused: 'unknown' });
    const confirmation = await putIntoOutbox(db, FROM, { kind: 'paymentConfirmation', language: 'de-DE', to: 'buyer@example.com', subject: 'Ihre Zahlung', text: 'https://assess.example/home/K7MQ2XRT9/de\n' });
    expect(await resendAccessCodeMail(db, settings, confirmation, '203.0.113.9')).toEqual({ refused: 'notAccessCode' });
    const stranger = await putIntoOutbox(db, FROM, accessCodeMail('carl@example.com', 'ZZZZZZZZZ', 'de-DE', 'https://assess.example'));
    expect(await resendAccessCodeMail(db, settings, stranger, '203.0.113.9')).toEqual({ refused: 'noParticipant' });
    expect(await outboxCount()).toBe(2);
    expect(await db.query('select id from mail_sent')).toEqual([]);
  });
});

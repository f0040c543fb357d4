import { closedPort, silentServer, startSmtpServer, type TestSmtpServer } from '@/e2e/support/smtp';
import { LANGUAGES, type Language } from '@/lib/api/languages';
import { decodeClaims } from '@/lib/session/claims';
import { encryptClientValue } from './clientCrypto';
import type { EmbeddedSettings } from './context';
import type { Database } from './db/database';
import { createMember, findGroupCode } from './groups/store';
import { hashKey } from './keys';
import { outboxMail } from './mail/outbox';
import { createRequestHandler } from './server';
import { sendTo, startTestApi, TEST_PUBLIC_URL, testSettings, type Answer } from './testApi';
import { signToken } from './tokens';

/**
 * submit/kodew/sendaccesscode against a real SMTP server in this process (smtp-server), reading
 * what arrived (mailparser): the mail in the participant's language with their access code and the
 * deep link back; a server that is down, hung or refusing; the checks that keep the call from being
 * a spam relay; the anti-spam limits, also under concurrency; the outbox without SMTP_URL.
 */
const base = testSettings('m'.repeat(40));
const CALL = 'submit/kodew/sendaccesscode';

let db: Database;
let smtp: TestSmtpServer;
let serial = 0;

beforeAll(async () => {
  ({ db } = await startTestApi(base, { demo: false, questionnaires: true }));
  await db.query(
    `insert into group_code (code, variant, product, ui_language, fields, questionnaires) values ('MAILGRP1', 'kodew', 4, 'en-US', '[]', $1::jsonb)`,
    [JSON.stringify([{ key: 'kodew-strengths', questionnaireType: 1, selectable: true }])],
  );
  smtp = await startSmtpServer();
}, 60_000);

afterAll(async () => {
  await smtp?.close();
  await db?.close();
});

beforeEach(() => {
  smtp.mode = 'accept';
});

/** Settings whose mail goes to the given SMTP URL (or the outbox when undefined), with these limits. */
function settingsWith(smtpUrl: string | undefined, mail: Partial<EmbeddedSettings['mail']> = {}): EmbeddedSettings {
  const { smtpUrl: _none, ...rest } = base.mail;
  return { ...base, mail: { ...rest, ...(smtpUrl && { smtpUrl }), ...mail } };
}

const encrypt = (plain: string) => encryptClientValue(plain, base.clientCryptoKey, base.clientCryptoIv);

type Participant = { accessCode: string; token: string; memberId: number; assessorId: number };

/**
 * A participant of the kodew group code after the personal-info page: key set, logged in with an
 * account. saved false: just logged in, the personal-info page not saved.
 */
async function participant({ withKey = true, saved = withKey }: { withKey?: boolean; saved?: boolean } = {}): Promise<Participant> {
  const group = (await findGroupCode(db, 'MAILGRP1'))!;
  const member = await db.transaction((tx) => createMember(tx, group));
  if (withKey) await db.query('update assessor set key_hash = $2 where id = $1', [member.assessorId, await hashKey('Geheim4711')]);
  if (saved) await db.query('update group_member set personal_info_saved_at = now() where id = $1', [member.memberId]);
  const token = signToken(
    { product: 4, isLoggedIn: true, ...(withKey && { assessorId: member.assessorId }), assessment: member.assessmentId },
    base.tokenSecret,
    3600,
  );
  return { accessCode: member.accessCode, token, memberId: member.memberId, assessorId: member.assessorId };
}

const address = () => `teilnehmer${++serial}@example.com`;

async function send(settings: EmbeddedSettings, who: Participant, body: Partial<{ email: string; accessCode: string; uiLanguage: Language }> = {}, client = '198.51.100.10'): Promise<Answer> {
  const handle = createRequestHandler(db, settings);
  const request = { email: address(), accessCode: who.accessCode, uiLanguage: 'de-DE', token: who.token, ...body };
  return (await sendTo(handle, CALL, request, client)).answer;
}

const countedFor = async (memberId: number) => (await db.query<{ n: number }>('select count(*)::int as n from mail_sent where group_member_id = $1', [memberId]))[0]!.n;

describe('the mail arrives at the SMTP server', () => {
  it('in German: subject, the access code, the deep link back; the answer is Ok with a token for the same participant', async () => {
    const who = await participant();
    const to = address();
    const answer = await send(settingsWith(smtp.url), who, { email: to });
    expect(answer).toMatchObject({ statusCode: 1, detailCode: 0 });
    expect(decodeClaims(answer.token)).toEqual({ product: 4, isLoggedIn: true, assessorId: String(who.assessorId) });
    expect(answer.token).not.toBe(who.token);

    const mail = await smtp.mailTo(to);
    expect(mail.to).toEqual([to]);
    expect(mail.from).toBe('no-reply@assessment-online.example');
    expect(mail.subject).toBe('Ihr persönlicher Zugangscode');
    expect(mail.subject).not.toContain(who.accessCode);
    expect(mail.text).toContain(`Ihr persönlicher Zugangscode: ${who.accessCode}`);
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/home/${who.accessCode}/de`);
    expect(mail.text).toContain('persönlichen Schlüssel ein');
    expect(mail.parsed.headers.get('content-language')).toBe('de-DE');
    expect(mail.parsed.html).toBe(false);
  });

  it.each<[Language, string, string]>([
    ['en-US', 'Your personal access code', 'en'],
    ['fr-FR', 'Votre code d’accès personnel', 'fr'],
    ['it-IT', 'Il tuo codice di accesso personale', 'it'],
    ['cz-CZ', 'Váš osobní přístupový kód', 'cz'],
  ])('in %s, with the link in that language', async (language, subject, token) => {
    const who = await participant();
    const to = address();
    expect((await send(settingsWith(smtp.url), who, { email: to, uiLanguage: language })).statusCode).toBe(1);
    const mail = await smtp.mailTo(to);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(who.accessCode);
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/home/${who.accessCode}/${token}\n`);
  });

  it('every language has a mail of its own', async () => {
    const who = await participant();
    const subjects = new Set<string>();
    for (const language of LANGUAGES) {
      const to = address();
      expect((await send(settingsWith(smtp.url), who, { email: to, uiLanguage: language })).statusCode).toBe(1);
      subjects.add((await smtp.mailTo(to)).subject);
    }
    expect(subjects.size).toBe(5);
  });

  it('the access code is taken as typed: spaces and lower case do not matter', async () => {
    const who = await participant();
    const typed = ` ${who.accessCode.slice(0, 4).toLowerCase()} ${who.accessCode.slice(4)} `;
    const to = address();
    expect((await send(settingsWith(smtp.url), who, { email: to, accessCode: typed })).statusCode).toBe(1);
    expect((await smtp.mailTo(to)).text).toContain(who.accessCode);
  });
});

describe('an SMTP server that is down, hung or refusing: MailNotSent, nothing else lost', () => {
  it('nothing listening: MailNotSent / NoConnectionWithEmailServer, the mail is not counted, and a later try goes through', async () => {
    const who = await participant();
    const down = `smtp://127.0.0.1:${await closedPort()}`;
    const answer = await send(settingsWith(down), who);
    expect(answer).toEqual({ statusCode: 12, detailCode: 22 });
    expect(await countedFor(who.memberId)).toBe(0);
    // The participant is still where they were: their token still works, the next try is sent.
    const to = address();
    expect((await send(settingsWith(smtp.url), who, { email: to })).statusCode).toBe(1);
    expect((await smtp.mailTo(to)).text).toContain(who.accessCode);
  });

  it('a server that takes the connection and never greets: NoConnectionWithEmailServer after the timeout', async () => {
    const hung = await silentServer();
    try {
      const answer = await send(settingsWith(hung.url, { timeoutMs: 300 }), await participant());
      expect(answer).toEqual({ statusCode: 12, detailCode: 22 });
    } finally {
      await hung.close();
    }
  });

  it('a server that refuses the recipient (550): MailNotSent / UnableToSendMail, not counted', async () => {
    smtp.mode = 'refuse';
    const who = await participant();
    const to = address();
    expect(await send(settingsWith(smtp.url), who, { email: to })).toEqual({ statusCode: 12, detailCode: 21 });
    expect(smtp.received.some((mail) => mail.to.includes(to))).toBe(false);
    expect(await countedFor(who.memberId)).toBe(0);
  });

  it('logs nothing of the mail: no recipient, no access code, no SMTP reply text', async () => {
    smtp.mode = 'refuse';
    const who = await participant();
    const to = address();
    const lines: string[] = [];
    const spies = [process.stdout, process.stderr].map((stream) =>
      jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
        lines.push(String(chunk));
        return true;
      }),
    );
    try {
      await send(settingsWith(smtp.url), who, { email: to });
      await send(settingsWith(`smtp://127.0.0.1:${await closedPort()}`), who, { email: to });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const logged = lines.join('');
    expect(logged).toContain('mail_not_sent');
    for (const secret of [to, who.accessCode, 'Relaying denied', who.token]) expect(logged).not.toContain(secret);
  });
});

describe('not a spam relay', () => {
  it("another participant's access code is refused (5/0) and nothing is sent", async () => {
    const [who, other] = [await participant(), await participant()];
    const to = address();
    const answer = await send(settingsWith(smtp.url), who, { email: to, accessCode: other.accessCode });
    expect(answer).toMatchObject({ statusCode: 5, detailCode: 0, errorInfo: "accessCode: not the participant's own" });
    expect(answer.token).toBeUndefined();
    expect(smtp.received.some((mail) => mail.to.includes(to))).toBe(false);
  });

  it('any other text in place of the access code is refused', async () => {
    const who = await participant();
    expect(await send(settingsWith(smtp.url), who, { accessCode: 'Buy cheap watches at http://spam.example' })).toMatchObject({ statusCode: 5, detailCode: 0 });
    // Spec §7 lists the code plain: the encrypted form a login call would carry is not the code either.
    expect(await send(settingsWith(smtp.url), who, { accessCode: encrypt(who.accessCode) })).toMatchObject({ statusCode: 5, detailCode: 0 });
  });

  it.each([
    ['a header after a line break', 'victim@example.com\r\nBcc: many@example.com'],
    ['two recipients', 'victim@example.com, many@example.com'],
    ['a display name with an address', 'Victim <victim@example.com>'],
    ['a quoted local part with a comma', '"a,b"@example.com'],
    ['not an address', 'victim'],
    ['blank', '  '],
  ])('header injection: %s is refused before anything is sent (5/0)', async (_label, email) => {
    const who = await participant();
    const before = smtp.received.length;
    expect(await send(settingsWith(smtp.url), who, { email })).toMatchObject({ statusCode: 5, detailCode: 0, errorInfo: 'email: not an e-mail address' });
    expect(smtp.received.length).toBe(before);
    expect(await countedFor(who.memberId)).toBe(0);
  });

  it.each(['teilnehmer@[192.0.2.7]', 'teilnehmer@[IPv6:2001:db8::7]', 'teilnehmer@[IPv6:::ffff:192.0.2.7]'])(
    'an address with an IP literal (%s) is taken, as the browser takes it, and the mail reaches the SMTP server',
    async (email) => {
      const who = await participant();
      expect((await send(settingsWith(smtp.url), who, { email })).statusCode).toBe(1);
      expect((await smtp.mailTo(email)).text).toContain(who.accessCode);
    },
  );

  it('a participant who has not saved personal info (so has no key either) is refused (3/103), and nothing is sent', async () => {
    const who = await participant({ withKey: false });
    const to = address();
    expect(await send(settingsWith(smtp.url), who, { email: to })).toEqual({ statusCode: 3, detailCode: 103, errorInfo: 'personal info first' });
    expect(smtp.received.some((mail) => mail.to.includes(to))).toBe(false);
  });

  it('a participant without a personal key is refused (3/23): the code alone would not bring them back', async () => {
    // Not reachable through the personal-info page (it takes no 'keep' without a key): the check stands on its own.
    const who = await participant({ withKey: false, saved: true });
    expect(await send(settingsWith(smtp.url), who)).toEqual({ statusCode: 3, detailCode: 23 });
  });

  it('a logged-in participant of the ident-code flow is refused (3/23): they have no group access code', async () => {
    const [assessor] = await db.query<{ id: number }>(`insert into assessor (key_hash) values ('x') returning id`);
    const [assessment] = await db.query<{ id: number }>(`insert into assessment (ident_code, product, assessor_id) values ('MAILIDNT1', 1, $1) returning id`, [assessor!.id]);
    const token = signToken({ product: 1, isLoggedIn: true, assessorId: assessor!.id, assessment: assessment!.id }, base.tokenSecret, 3600);
    expect(await send(settingsWith(smtp.url), { accessCode: 'MAILIDNT1', token, memberId: 0, assessorId: assessor!.id })).toEqual({ statusCode: 3, detailCode: 23 });
  });
});

describe('anti-spam limits (SECURITY.md, "Limits")', () => {
  it('per participant: the 4th mail within the hour is refused with MailNotSent / 102, from any address', async () => {
    const settings = settingsWith(smtp.url, { maxPerParticipantPerHour: 3 });
    const who = await participant();
    for (let i = 0; i < 3; i++) expect((await send(settings, who, {}, `203.0.113.${i + 1}`)).statusCode).toBe(1);
    const refused = await send(settings, who, {}, '203.0.113.9');
    expect(refused).toEqual({ statusCode: 12, detailCode: 102, errorInfo: 'too many mails: at most 3 per participant an hour' });
    // Another participant is not affected.
    expect((await send(settings, await participant(), {}, '203.0.113.9')).statusCode).toBe(1);
  });

  it('per client address, across participants; another address is not affected', async () => {
    const settings = settingsWith(smtp.url, { maxPerClientPerHour: 4 });
    const client = '203.0.113.50';
    for (let i = 0; i < 4; i++) expect((await send(settings, await participant(), {}, client)).statusCode).toBe(1);
    expect(await send(settings, await participant(), {}, client)).toEqual({ statusCode: 12, detailCode: 102, errorInfo: 'too many mails: at most 4 per client address an hour' });
    expect((await send(settings, await participant(), {}, '203.0.113.51')).statusCode).toBe(1);
  });

  it('per recipient, across participants and addresses (any spelling of it); another recipient is not affected', async () => {
    const settings = settingsWith(smtp.url, { maxPerRecipientPerHour: 2 });
    const victim = 'postfach@example.com';
    expect((await send(settings, await participant(), { email: victim }, '203.0.113.60')).statusCode).toBe(1);
    expect((await send(settings, await participant(), { email: 'Postfach@Example.com' }, '203.0.113.61')).statusCode).toBe(1);
    expect(await send(settings, await participant(), { email: victim }, '203.0.113.62')).toEqual({ statusCode: 12, detailCode: 102, errorInfo: 'too many mails: at most 2 to one address an hour' });
    expect(smtp.received.filter((mail) => mail.to.some((to) => to.toLowerCase() === victim))).toHaveLength(2);
    expect((await send(settings, await participant(), {}, '203.0.113.62')).statusCode).toBe(1);
  });

  it('the window is an hour: mails older than that no longer count', async () => {
    const settings = settingsWith(smtp.url, { maxPerParticipantPerHour: 1 });
    const who = await participant();
    expect((await send(settings, who)).statusCode).toBe(1);
    expect((await send(settings, who)).detailCode).toBe(102);
    await db.query(`update mail_sent set sent_at = sent_at - interval '61 minutes' where group_member_id = $1`, [who.memberId]);
    expect((await send(settings, who)).statusCode).toBe(1);
  });

  it('20 concurrent requests of one participant against a limit of 3: exactly 3 mails are sent', async () => {
    const settings = settingsWith(smtp.url, { maxPerParticipantPerHour: 3 });
    const who = await participant();
    const recipients = Array.from({ length: 20 }, () => address());
    const answers = await Promise.all(recipients.map((email, i) => send(settings, who, { email }, `198.51.100.${100 + i}`)));
    expect(answers.filter((a) => a.statusCode === 1)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 12 && a.detailCode === 102)).toHaveLength(17);
    const delivered = recipients.filter((to) => smtp.received.some((mail) => mail.to.includes(to)));
    expect(delivered).toHaveLength(3);
    expect(await countedFor(who.memberId)).toBe(3);
  }, 60_000);
});

describe('without SMTP_URL: the outbox', () => {
  it('the mail goes into the outbox, whole, and the answer is Ok', async () => {
    const who = await participant();
    const to = address();
    const answer = await send(settingsWith(undefined), who, { email: to, uiLanguage: 'it-IT' });
    expect(answer.statusCode).toBe(1);
    const [row] = await db.query<{ id: string }>('select id from mail_outbox where recipient = $1', [to]);
    const mail = await outboxMail(db, Number(row!.id));
    expect(mail).toMatchObject({ kind: 'accessCode', language: 'it-IT', recipient: to, subject: 'Il tuo codice di accesso personale', sender: base.mail.from });
    expect(mail!.body).toContain(`${TEST_PUBLIC_URL}/home/${who.accessCode}/it`);
    expect(smtp.received.some((m) => m.to.includes(to))).toBe(false);
  });
});

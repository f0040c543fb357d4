import type { Database } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { openTestDatabase } from '@/lib/embedded-api/db/testDatabase';
import { auditPage, latestAuditPage } from '@/lib/embedded-api/privacy/audit';
import { CSV } from './csv';
import { UnknownExportError } from './export';
import { erasePersonAudited, exportAnonymousAudited, exportPersonAudited, personQueryOf, previewErasure, PRIVACY_AUDIT_COLUMNS, writePrivacyAudit } from './privacy';
import { parseCsv } from './testSupport';

let db: Database;

async function person(email: string, identCode: string): Promise<number> {
  const [assessor] = await db.query<{ id: number }>("insert into assessor (first_name, last_name, email) values ('Ida', 'Löschbar', $1) returning id", [email]);
  const [assessment] = await db.query<{ id: number }>(
    "insert into assessment (ident_code, product, assessor_id, candidate_first_name, questionnaire_key) values ($1, 1, $2, 'Kandida', 'privacy-test') returning id",
    [identCode, assessor!.id],
  );
  await db.query("insert into mail_outbox (kind, language, sender, recipient, subject, body) values ('accessCode', 'de-DE', 'x@example.org', $1, 'Code', 'Hallo')", [email]);
  return assessment!.id;
}

const count = async (sql: string, params: unknown[]) => (await db.query<{ n: number }>(sql, params))[0]!.n;
const audit = () => auditPage(db, 0, 100);

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
}, 60_000);

afterAll(() => db.close());

describe('personQueryOf: the person a console form names', () => {
  it.each([
    ['assessment', ' P1TEST01 ', { assessment: 'P1TEST01' }],
    ['groupParticipant', 'ACCESS01', { groupParticipant: 'ACCESS01' }],
    ['email', 'Ida@Example.org', { email: 'Ida@Example.org' }],
  ])('%s %j', (kind, text, query) => {
    expect(personQueryOf(kind, text)).toEqual(query);
  });

  it.each([
    ['ident', 'P1TEST01'],
    ['assessment', '   '],
    ['assessment', 'x'.repeat(255)],
    ['email', null],
    [undefined, 'a@b.c'],
  ])('refuses kind %j with the text of case %#', (kind, text) => {
    expect(personQueryOf(kind, text)).toBeUndefined();
  });
});

describe('erasing a person: preview, then erase with the audit row', () => {
  it('the preview counts what would go and changes nothing; nobody found is undefined', async () => {
    await person('ida.preview@example.org', 'PRIVPREV1');
    const preview = await previewErasure(db, { assessment: 'privprev1' }, false);
    expect(preview?.counts).toEqual({ assessment: 1, assessor: 1, mail_outbox: 1 });
    expect(preview?.shared).toBe(false);
    expect(await count("select count(*)::int as n from assessment where ident_code = 'PRIVPREV1'", [])).toBe(1);
    expect(await previewErasure(db, { assessment: 'NOBODY001' }, false)).toBeUndefined();
    expect(await audit()).toEqual([]);
  });

  it('erases and records the kind of subject, the counts and the operator, never the code', async () => {
    const preview = (await previewErasure(db, { assessment: 'PRIVPREV1' }, false))!;
    const erased = await erasePersonAudited(db, preview.person, { query: { assessment: 'PRIVPREV1' }, keepAnswersAnonymous: false, by: 'owner@example.org' });
    expect(erased).toEqual({ assessment: 1, assessor: 1, mail_outbox: 1 });
    expect(await count("select count(*)::int as n from assessment where ident_code = 'PRIVPREV1'", [])).toBe(0);
    const [row] = await audit();
    expect(row).toMatchObject({ action: 'erase', subject: 'assessment', records: 3, details: erased, by: 'owner@example.org' });
    expect(JSON.stringify(row)).not.toContain('PRIVPREV1');
  });
});

describe('exporting a person', () => {
  it('delivers the JSON, then records the export; nobody found delivers and records nothing', async () => {
    await person('ida.export@example.org', 'PRIVEXP01');
    const before = (await audit()).length;
    const chunks: string[] = [];
    const events: string[] = [];
    const exported = await exportPersonAudited(db, { email: 'ida.export@example.org' }, 'owner@example.org', {
      write: (chunk) => {
        chunks.push(chunk);
        events.push('write');
      },
      commit: async () => {
        events.push('commit');
      },
    });
    expect(events).toEqual(['write', 'commit']);
    expect(exported?.counts).toMatchObject({ assessor: 1, assessment: 1 });
    const data = JSON.parse(chunks.join(''));
    expect(data.format).toBe('assessment-web.person-export/1');
    expect(JSON.stringify(data)).toContain('ida.export@example.org');
    expect(JSON.stringify(data)).not.toContain('PRIVEXP01');
    const rows = await audit();
    expect(rows.slice(before)).toEqual([expect.objectContaining({ action: 'export', subject: 'e-mail address', by: 'owner@example.org' })]);

    const nothing: string[] = [];
    expect(await exportPersonAudited(db, { assessment: 'NOBODY001' }, 'owner@example.org', { write: (chunk) => void nothing.push(chunk) })).toBeUndefined();
    expect(nothing).toEqual([]);
    expect(await audit()).toHaveLength(rows.length);
  });
});

describe('the anonymous export', () => {
  it('writes the answers without codes and records the export by the operator', async () => {
    const id = await person('ida.anonymous@example.org', 'PRIVANON1');
    await db.query('insert into answer (assessment_id, question_id, answer_id, value) values ($1, 1, 1, 3), ($1, 1, 2, 4)', [id]);
    let csv = '';
    const summary = await exportAnonymousAudited(db, { questionnaireKey: 'privacy-test', format: 'csv', dialect: CSV }, 'owner@example.org', { write: (chunk) => void (csv += chunk) });
    expect(summary).toEqual({ rows: 2, participants: 1 });
    expect(csv.split('\r\n')[0]).toBe('participant,questionnaire_key,questionnaire_version,question_id,answer_id,value,finished');
    expect(csv).not.toContain('PRIVANON1');
    const [latest] = await latestAuditPage(db, 1);
    expect(latest).toMatchObject({ action: 'export-anonymous', subject: 'questionnaire privacy-test', details: { assessment: 1, answer: 2 }, by: 'owner@example.org' });
  });

  it('an unknown questionnaire writes and records nothing', async () => {
    const before = (await audit()).length;
    let csv = '';
    await expect(exportAnonymousAudited(db, { questionnaireKey: 'no-such', format: 'csv' }, 'owner@example.org', { write: (chunk) => void (csv += chunk) })).rejects.toThrow(UnknownExportError);
    expect(csv).toBe('');
    expect(await audit()).toHaveLength(before);
  });
});

describe('the privacy audit as CSV', () => {
  it('lists every row oldest first in the command line\'s columns', async () => {
    let csv = '';
    const written = await writePrivacyAudit(db, CSV, (chunk) => void (csv += chunk));
    const rows = parseCsv(csv);
    expect(written).toBe(rows.length);
    expect(Object.keys(rows[0]!)).toEqual([...PRIVACY_AUDIT_COLUMNS]);
    expect(rows.map((row) => row.action)).toEqual(['erase', 'export', 'export-anonymous']);
    expect(rows[0]).toMatchObject({ subject: 'assessment', records: '3', details: '{"assessment":1,"assessor":1,"mail_outbox":1}', done_by: 'owner@example.org' });
  });
});

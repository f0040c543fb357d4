import type { Database } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { openTestDatabase } from '@/lib/embedded-api/db/testDatabase';
import { answersExportChunks, exportFileOf, exportRequestOf, exportableQuestionnaires, isExportable, runAnswersExport, type AnswersExportRequest } from './answersExport';

let db: Database;
const PARTICIPANTS = 5;
const ITEMS = 300;

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  await db.query(`insert into questionnaire (key, version, checksum, definition) values ('team-check', 1, 'sum', '{"key":"team-check","product":1}')`);
  const [assessor] = await db.query<{ id: number }>('insert into assessor (is_registered) values (true) returning id');
  await db.query(
    `insert into assessment (ident_code, product, assessor_id, questionnaire_key, questionnaire_version, finished_at)
     select 'T' || lpad(g::text, 8, '0'), 1, $1, 'team-check', 1, case when g % 2 = 0 then now() end from generate_series(1, $2::int) g`,
    [assessor!.id, PARTICIPANTS],
  );
  await db.query(`insert into answer (assessment_id, question_id, answer_id, value) select a.id, i, i, i % 4 from assessment a, generate_series(1, $1::int) i`, [ITEMS]);
}, 120_000);

afterAll(() => db.close());

const request = (overrides: Partial<AnswersExportRequest> = {}): AnswersExportRequest => ({ questionnaireKey: 'team-check', format: 'csv', finishedOnly: false, excel: false, anonymous: false, ...overrides });

async function collect(source: AsyncGenerator<string>): Promise<string> {
  let text = '';
  for await (const chunk of source) text += chunk;
  return text;
}

describe('answersExportChunks: the console\'s download', () => {
  it.each([
    ['CSV', request()],
    ['CSV for Excel, finished only', request({ excel: true, finishedOnly: true })],
    ['JSON', request({ format: 'json' })],
  ])('%s: the same text as the command line\'s export writes', async (_label, chosen) => {
    let written = '';
    await runAnswersExport(db, chosen, (chunk) => void (written += chunk), 'test');
    expect(await collect(answersExportChunks(db, chosen, 'test'))).toBe(written);
    expect(written.length).toBeGreaterThan(1000);
  });

  it('an anonymous export is recorded in the privacy audit once complete, by the operator', async () => {
    await collect(answersExportChunks(db, request({ anonymous: true }), 'console: owner@example.org'));
    const rows = await db.query<{ action: string; subject: string; done_by: string; details: unknown }>("select action, subject, done_by, details from privacy_audit where action = 'export-anonymous'");
    expect(rows).toEqual([{ action: 'export-anonymous', subject: 'questionnaire team-check', done_by: 'console: owner@example.org', details: { assessment: PARTICIPANTS, answer: PARTICIPANTS * ITEMS } }]);
  });

  it('a client that goes away stops the export: no further page is read', async () => {
    const pages: number[] = [];
    const counting = new Proxy(db, {
      get(target, name, receiver) {
        if (name !== 'query') return Reflect.get(target, name, receiver);
        return (text: string, params?: unknown[]) => {
          if (text.includes('from answer s')) pages.push(pages.length);
          return target.query(text, params);
        };
      },
    });
    const source = answersExportChunks(counting, request(), 'test');
    await source.next(); // the header
    await source.next(); // the first page
    await source.return(undefined);
    const read = pages.length;
    expect(read).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pages.length).toBe(read);
  });

  it('an unknown questionnaire fails the download before anything is written', async () => {
    const source = answersExportChunks(db, request({ questionnaireKey: 'nothing' }), 'test');
    await expect(source.next()).rejects.toThrow("questionnaire 'nothing' has no assessments and is not imported");
  });
});

describe('the export form', () => {
  it('reads the choices, and names the one it cannot take', () => {
    expect(exportRequestOf(new URLSearchParams('questionnaire=team-check&format=excel&finished=on'))).toEqual({ ok: true, request: request({ excel: true, finishedOnly: true }) });
    expect(exportRequestOf(new URLSearchParams('questionnaire=team-check&format=json&anonymous=on'))).toEqual({ ok: true, request: request({ format: 'json', anonymous: true }) });
    expect(exportRequestOf(new URLSearchParams('questionnaire=team-check'))).toEqual({ ok: true, request: request() });
    expect(exportRequestOf(new URLSearchParams('questionnaire=a"b&format=csv'))).toEqual({ ok: false, problem: 'questionnaire' });
    expect(exportRequestOf(new URLSearchParams('format=csv'))).toEqual({ ok: false, problem: 'questionnaire' });
    expect(exportRequestOf(new URLSearchParams('questionnaire=team-check&format=xml'))).toEqual({ ok: false, problem: 'format' });
  });

  it('names the file after the questionnaire and the choice', () => {
    expect(exportFileOf(request())).toEqual({ filename: 'answers-team-check.csv', contentType: 'text/csv; charset=utf-8' });
    expect(exportFileOf(request({ format: 'json', anonymous: true }))).toEqual({ filename: 'answers-team-check-anonymous.json', contentType: 'application/json; charset=utf-8' });
  });

  it('offers the keys that can be exported', async () => {
    expect(await exportableQuestionnaires(db)).toEqual(['team-check']);
    expect(await isExportable(db, 'team-check')).toBe(true);
    expect(await isExportable(db, 'nothing')).toBe(false);
  });
});

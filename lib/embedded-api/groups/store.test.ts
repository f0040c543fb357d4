import type { Database } from '../db/database';
import { startTestApi, testSettings } from '../testApi';
import { createMember, findGroupCode } from './store';

let db: Database;

beforeAll(async () => {
  ({ db } = await startTestApi(testSettings('s'.repeat(40))));
}, 60_000);

afterAll(async () => db?.close());

describe('createMember', () => {
  it('keeps the personal access code (a credential) out of the internal ident code that listings show', async () => {
    const group = (await findGroupCode(db, 'KWDEMO01'))!;
    const member = await db.transaction((tx) => createMember(tx, group));
    const [row] = await db.query<{ ident_code: string }>('select ident_code from assessment where id = $1', [member.assessmentId]);
    expect(row!.ident_code).toBe(`G-${member.memberId}-1`);
    expect(row!.ident_code).not.toContain(member.accessCode);
    expect(member.accessCode).toMatch(/^[A-Z2-9]{9}$/);
  });
});

import { statementSummary } from './statement';

describe('statementSummary: the first keyword and the table, never a value', () => {
  it.each([
    ['select id, code from participants where code = $1', 'SELECT participants'],
    ['  \n  SELECT * FROM "Group_Codes" g join members m on m.group_id = g.id', 'SELECT group_codes'],
    ['insert into answers (member_id, value) values ($1, $2) on conflict (member_id) do update set value = excluded.value', 'INSERT answers'],
    ['update members set key_hash = $2 where id = $1', 'UPDATE members'],
    ['delete from drafts where touched < now() - $1::interval', 'DELETE drafts'],
    ['-- the overview\nwith activity as (select member_id from answers) select count(*) from activity', 'WITH answers'],
    ['/* why */ (select 1) union (select 2)', 'SELECT'],
    ['select extract(epoch from now())::int as now', 'SELECT'],
    ['select * from unnest($1::text[]) as codes(code)', 'SELECT'],
    ['select * from public.tokens where jti = $1', 'SELECT public.tokens'],
    ['create table if not exists schema_migrations (version int)', 'CREATE schema_migrations'],
    ['begin', 'BEGIN'],
    ['', 'QUERY'],
  ])('%s → %s', (text, summary) => {
    expect(statementSummary(text).summary).toBe(summary);
  });

  it('takes no value written into a statement, only names after FROM, INTO, UPDATE, JOIN and TABLE', () => {
    const summary = statementSummary("select * from members where code = 'KWDEMO01' and mail = 'erika@example.org'");
    expect(summary).toEqual({ operation: 'SELECT', table: 'members', summary: 'SELECT members' });
    expect(statementSummary("select 'from KWDEMO01' as x").summary).toBe('SELECT');
  });
});

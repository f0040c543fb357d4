import type { Database } from './db/database';
import { encryptClientValue } from './clientCrypto';

type Handle = (request: Request) => Promise<Response>;
type Answer = { statusCode: number; token?: string; locked?: boolean; username?: string };

export type WrongCodeVolley = { attempts: number; checked: number; refusedAsLocked: number; failuresRecorded: number };

/**
 * Fires wrong access codes for one assessment all at once, each from its own address (so that only
 * the per-assessment limit applies), spread over one or more instances sharing the database. An
 * attempt whose answer is not 'locked' had its code checked. Used by guessing.test.ts and by
 * lib/scripts/guessing-concurrency.ts, which prints the figure.
 */
export async function fireWrongAccessCodes(
  instances: Handle | Handle[],
  db: Database,
  options: { identCode: string; attempts: number; crypto: { key: string; iv: string } },
): Promise<WrongCodeVolley> {
  const handles = Array.isArray(instances) ? instances : [instances];
  const { crypto } = options;
  const post = async (handle: Handle, path: string, body: unknown, client: string): Promise<Answer> => {
    const response = await handle(new Request(`http://embedded.invalid/${path}`, { method: 'POST', headers: { 'x-forwarded-for': client }, body: JSON.stringify(body) }));
    return (await response.json()) as Answer;
  };
  const [assessment] = await db.query<{ id: number }>('select id from assessment where ident_code = $1', [options.identCode]);
  if (!assessment) throw new Error(`no assessment ${options.identCode}`);
  await db.query('delete from access_code_failure where assessment_id = $1', [assessment.id]);
  const ident = await post(handles[0]!, 'submit/kodekodex/identcode', { assessmentIdentCode: options.identCode }, '192.0.2.250');
  if (!ident.token) throw new Error(`ident code ${options.identCode} answered ${ident.statusCode}`);
  const answers = await Promise.all(
    Array.from({ length: options.attempts }, (_, i) =>
      post(
        handles[i % handles.length]!,
        'submit/kodekodex/login',
        { passwordHash: encryptClientValue(`WRONG${i}`, crypto.key, crypto.iv), token: ident.token },
        `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      ),
    ),
  );
  const [recorded] = await db.query<{ n: number }>('select count(*)::int as n from access_code_failure where assessment_id = $1', [assessment.id]);
  const refusedAsLocked = answers.filter((a) => a.locked === true).length;
  return { attempts: options.attempts, checked: answers.length - refusedAsLocked, refusedAsLocked, failuresRecorded: recorded?.n ?? 0 };
}

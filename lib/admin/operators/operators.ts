import type { Database, Sql } from '@/lib/embedded-api/db/database';
import { hashKey } from '@/lib/embedded-api/keys';
import { isValidEmail } from '@/lib/validation/email';
import type { Role } from './roles';
import { newSecretToken, tokenHash } from './tokens';

/** How long a setup link works. */
export const SETUP_LINK_HOURS = 24;

export type Operator = { id: number; email: string; role: Role; hasPassword: boolean; passkeys: number; createdAt: Date; disabledAt: Date | null };

export class OperatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorError';
  }
}

/** E-mail addresses are compared as typed but without case or surrounding blanks. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function setupLinkOf(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/admin/setup?token=${token}`;
}

async function newSetupToken(sql: Sql, operatorId: number, now: Date): Promise<string> {
  const token = newSecretToken();
  // An older link of the same operator stops working: only the newest one is valid.
  await sql.query('delete from operator_setup where operator_id = $1', [operatorId]);
  await sql.query('insert into operator_setup (token_hash, operator_id, expires_at) values ($1, $2, $3)', [
    tokenHash(token),
    operatorId,
    new Date(now.getTime() + SETUP_LINK_HOURS * 3600_000),
  ]);
  return token;
}

/** A new operator without a password, and the token of their one-time setup link. */
export async function createOperator(db: Database, email: string, role: Role, now: Date = new Date()): Promise<{ operator: Operator; setupToken: string }> {
  const address = normalEmail(email);
  if (!isValidEmail(address)) throw new OperatorError(`"${email}" is not an e-mail address`);
  return db.transaction(async (tx) => {
    const taken = await tx.query('select 1 from operator where email = $1', [address]);
    if (taken.length > 0) throw new OperatorError(`an operator with the e-mail address ${address} exists already; use operator reset to give them a new setup link`);
    const [row] = await tx.query<{ id: string }>('insert into operator (email, role, created_at) values ($1, $2, $3) returning id', [address, role, now]);
    const id = Number(row!.id);
    const setupToken = await newSetupToken(tx, id, now);
    return { operator: { id, email: address, role, hasPassword: false, passkeys: 0, createdAt: now, disabledAt: null }, setupToken };
  });
}

type OperatorRow = { id: string; email: string; role: Role; password_hash: string | null; passkeys: string; created_at: Date; disabled_at: Date | null };

const SELECT = `select o.id, o.email, o.role, o.password_hash, o.created_at, o.disabled_at,
  (select count(*) from operator_passkey k where k.operator_id = o.id) as passkeys from operator o`;

function operatorOf(row: OperatorRow): Operator {
  return {
    id: Number(row.id),
    email: row.email,
    role: row.role,
    hasPassword: row.password_hash !== null,
    passkeys: Number(row.passkeys),
    createdAt: new Date(row.created_at),
    disabledAt: row.disabled_at ? new Date(row.disabled_at) : null,
  };
}

export async function listOperators(sql: Sql): Promise<Operator[]> {
  return (await sql.query<OperatorRow>(`${SELECT} order by o.email`)).map(operatorOf);
}

export async function findOperator(sql: Sql, email: string): Promise<Operator | undefined> {
  const [row] = await sql.query<OperatorRow>(`${SELECT} where o.email = $1`, [normalEmail(email)]);
  return row && operatorOf(row);
}

async function existing(sql: Sql, email: string): Promise<Operator> {
  const operator = await findOperator(sql, email);
  if (!operator) throw new OperatorError(`no operator has the e-mail address ${normalEmail(email)}`);
  return operator;
}

/** Ends every console session of the operator (a disabled or reset account is signed out at once). */
export async function endSessionsOf(sql: Sql, operatorId: number, now: Date): Promise<void> {
  await sql.query('update operator_session set ended_at = $2 where operator_id = $1 and ended_at is null', [operatorId, now]);
}

/** The operator can no longer sign in, and their sessions end now. Their audit rows stay. */
export async function disableOperator(db: Database, email: string, now: Date = new Date()): Promise<Operator> {
  return db.transaction(async (tx) => {
    const operator = await existing(tx, email);
    await tx.query('update operator set disabled_at = coalesce(disabled_at, $2) where id = $1', [operator.id, now]);
    await tx.query('delete from operator_setup where operator_id = $1', [operator.id]);
    await endSessionsOf(tx, operator.id, now);
    return { ...operator, disabledAt: operator.disabledAt ?? now };
  });
}

/**
 * For an operator who lost their password or a passkey: password and passkeys are removed, their
 * sessions end, the account is enabled again, and a new setup link (the only way back in) is made.
 */
export async function resetOperator(db: Database, email: string, now: Date = new Date()): Promise<{ operator: Operator; setupToken: string }> {
  return db.transaction(async (tx) => {
    const operator = await existing(tx, email);
    await tx.query('update operator set password_hash = null, disabled_at = null where id = $1', [operator.id]);
    await tx.query('delete from operator_passkey where operator_id = $1', [operator.id]);
    await endSessionsOf(tx, operator.id, now);
    const setupToken = await newSetupToken(tx, operator.id, now);
    return { operator: { ...operator, hasPassword: false, passkeys: 0, disabledAt: null }, setupToken };
  });
}

/** Whose setup link this is, while it works: unused, unexpired, for an enabled operator. */
export async function setupLinkHolder(sql: Sql, token: string, now: Date = new Date()): Promise<Operator | undefined> {
  const [row] = await sql.query<OperatorRow>(
    `${SELECT} join operator_setup s on s.operator_id = o.id
     where s.token_hash = $1 and s.used_at is null and s.expires_at > $2 and o.disabled_at is null`,
    [tokenHash(token), now],
  );
  return row && operatorOf(row);
}

/**
 * Sets the password through a setup link, once: the link is used up in the same transaction, so
 * that two submits of one link set one password. Undefined when the link does not work (any more).
 */
export async function setPasswordWithLink(db: Database, token: string, password: string, now: Date = new Date()): Promise<Operator | undefined> {
  // A link that does not work costs no hash: a stranger posting made-up tokens gets no scrypt for free.
  if (!(await setupLinkHolder(db, token, now))) return undefined;
  // Hashed before the transaction: scrypt's 50 ms must not hold a connection.
  const hash = await hashKey(password);
  return db.transaction(async (tx) => {
    const [used] = await tx.query<{ operator_id: string }>(
      `update operator_setup s set used_at = $2 from operator o
       where s.token_hash = $1 and s.used_at is null and s.expires_at > $2 and o.id = s.operator_id and o.disabled_at is null
       returning s.operator_id`,
      [tokenHash(token), now],
    );
    if (!used) return undefined;
    const id = Number(used.operator_id);
    await tx.query('update operator set password_hash = $2 where id = $1', [id, hash]);
    // Whoever held a session from before the new password no longer does.
    await endSessionsOf(tx, id, now);
    const [row] = await tx.query<OperatorRow>(`${SELECT} where o.id = $1`, [id]);
    return operatorOf(row!);
  });
}

import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Database, Sql } from '@/lib/embedded-api/db/database';
import type { Role } from './roles';

/**
 * Passkeys (WebAuthn) for the console, through SimpleWebAuthn: this file keeps the challenges and
 * the credentials, the library does every check of the ceremony (origin, RP ID, challenge,
 * signature, counter). The relying party is the app's PUBLIC_URL: a passkey works on that address,
 * and an assertion a look-alike site obtained is refused for its origin.
 */
export type RelyingParty = { id: string; origin: string; name: string };

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Assessment Online' };
}

/** A ceremony has this long between its options and its answer. */
export const CHALLENGE_SECONDS = 300;
/**
 * Sign-in options are asked for before anyone is known, so their challenges are bounded: so many
 * per client address, and so many in all, lest a stranger fill the database with them.
 */
export const MAX_SIGNIN_CHALLENGES_PER_CLIENT = 5;
export const MAX_SIGNIN_CHALLENGES = 10_000;

/** A step of a ceremony as the console's actions answer the page's script: its value, or the message to show. */
export type PasskeyStep<T> = { ok: true; value: T } | { ok: false; error: string };

export class PasskeyError extends Error {
  constructor(readonly problem: 'busy' | 'refused') {
    super(problem);
    this.name = 'PasskeyError';
  }
}

type Purpose = 'register' | 'signin';

async function keepChallenge(sql: Sql, challenge: string, purpose: Purpose, operatorId: number | null, client: string, now: Date): Promise<void> {
  await sql.query('delete from operator_challenge where expires_at < $1', [now]);
  if (purpose === 'signin') {
    const [counts] = await sql.query<{ mine: string; all: string }>(
      `select count(*) filter (where purpose = $1) as mine, count(*) as "all" from operator_challenge where purpose like 'signin %'`,
      [`signin ${client}`],
    );
    if (Number(counts!.mine) >= MAX_SIGNIN_CHALLENGES_PER_CLIENT || Number(counts!.all) >= MAX_SIGNIN_CHALLENGES) throw new PasskeyError('busy');
  }
  // A sign-in challenge names its client, so that each address's share can be counted.
  await sql.query('insert into operator_challenge (challenge, operator_id, purpose, expires_at) values ($1, $2, $3, $4)', [
    challenge,
    operatorId,
    purpose === 'signin' ? `signin ${client}` : purpose,
    new Date(now.getTime() + CHALLENGE_SECONDS * 1000),
  ]);
}

/** Takes the challenge: true only once, for the purpose (and operator) it was made for, before it expires. */
async function takeChallenge(sql: Sql, challenge: string, purpose: Purpose, operatorId: number | null, now: Date): Promise<boolean> {
  const rows = await sql.query(
    `delete from operator_challenge where challenge = $1 and expires_at > $2
       and (($3 = 'register' and purpose = 'register' and operator_id = $4) or ($3 = 'signin' and purpose like 'signin %'))
     returning challenge`,
    [challenge, now, purpose, operatorId],
  );
  return rows.length === 1;
}

type PasskeyRow = { credential_id: string; public_key: Uint8Array; counter: string; transports: string };

function transportsOf(row: PasskeyRow): string[] {
  return row.transports ? row.transports.split(',') : [];
}

export type Passkey = { id: string; createdAt: Date };

export async function passkeysOf(sql: Sql, operatorId: number): Promise<Passkey[]> {
  const rows = await sql.query<{ credential_id: string; created_at: Date }>('select credential_id, created_at from operator_passkey where operator_id = $1 order by created_at', [operatorId]);
  return rows.map((row) => ({ id: row.credential_id, createdAt: new Date(row.created_at) }));
}

/** Options for adding a passkey to a signed-in operator's account; the ones they have are excluded. */
export async function registrationOptions(
  db: Database,
  operator: { operatorId: number; email: string },
  rp: RelyingParty,
  now: Date = new Date(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db.query<PasskeyRow>('select credential_id, transports from operator_passkey where operator_id = $1', [operator.operatorId]);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: operator.email,
    userID: new TextEncoder().encode(`operator-${operator.operatorId}`),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    // Discoverable, so that sign-in needs no address typed first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: CHALLENGE_SECONDS * 1000,
  });
  await keepChallenge(db, options.challenge, 'register', operator.operatorId, '', now);
  return options;
}

/** Verifies the authenticator's answer and keeps the new passkey. */
export async function registerPasskey(db: Database, operatorId: number, response: RegistrationResponseJSON, rp: RelyingParty, now: Date = new Date()): Promise<Passkey> {
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(db, challenge, 'register', operatorId, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw new PasskeyError('refused');
  }
  if (!verification.verified) throw new PasskeyError('refused');
  const { credential } = verification.registrationInfo;
  const inserted = await db.query(
    'insert into operator_passkey (credential_id, operator_id, public_key, counter, transports, created_at) values ($1, $2, $3, $4, $5, $6) on conflict do nothing returning credential_id',
    [credential.id, operatorId, Buffer.from(credential.publicKey), credential.counter, (credential.transports ?? []).join(','), now],
  );
  if (inserted.length === 0) throw new PasskeyError('refused');
  return { id: credential.id, createdAt: now };
}

/** Options for signing in with any passkey of this site (the browser offers the operator's own). */
export async function signInOptions(db: Database, client: string, rp: RelyingParty, now: Date = new Date()): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred', timeout: CHALLENGE_SECONDS * 1000 });
  await keepChallenge(db, options.challenge, 'signin', null, client, now);
  return options;
}

/** The operator whose passkey answered, when every check passes and the account is enabled. */
export async function signInWithPasskey(
  db: Database,
  response: AuthenticationResponseJSON,
  rp: RelyingParty,
  now: Date = new Date(),
): Promise<{ operatorId: number; email: string; role: Role }> {
  const id = typeof response?.id === 'string' ? response.id.slice(0, 1024) : '';
  const [row] = await db.query<PasskeyRow & { operator_id: string; email: string; role: Role }>(
    `select k.credential_id, k.public_key, k.counter, k.transports, k.operator_id, o.email, o.role
     from operator_passkey k join operator o on o.id = k.operator_id where k.credential_id = $1 and o.disabled_at is null`,
    [id],
  );
  if (!row) throw new PasskeyError('refused');
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(db, challenge, 'signin', null, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: row.credential_id, publicKey: new Uint8Array(row.public_key), counter: Number(row.counter), transports: transportsOf(row) },
      requireUserVerification: false,
    });
  } catch {
    throw new PasskeyError('refused');
  }
  if (!verification.verified) throw new PasskeyError('refused');
  await db.query('update operator_passkey set counter = $2 where credential_id = $1', [row.credential_id, verification.authenticationInfo.newCounter]);
  return { operatorId: Number(row.operator_id), email: row.email, role: row.role };
}

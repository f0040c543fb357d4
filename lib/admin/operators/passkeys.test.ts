import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Database } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { openTestDatabase } from '@/lib/embedded-api/db/testDatabase';
import { createOperator } from './operators';
import { CHALLENGE_SECONDS, MAX_SIGNIN_CHALLENGES_PER_CLIENT, PasskeyError, registrationOptions, relyingPartyOf, signInOptions, signInWithPasskey } from './passkeys';

// The ceremonies themselves, with a real authenticator, are played by e2e/operator/console.spec.ts
// (Chromium's virtual authenticator). Here: what this file adds around the library.
let db: Database;
const RP = relyingPartyOf('https://assess.example/base');

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
}, 60_000);

afterAll(() => db.close());

describe('passkeys', () => {
  it('the relying party is PUBLIC_URL: its host as RP ID, its origin as the origin', () => {
    expect(RP).toEqual({ id: 'assess.example', origin: 'https://assess.example', name: 'Assessment Online' });
  });

  it('sign-in challenges are bounded per client address, and free again once expired', async () => {
    const now = new Date('2030-01-01T10:00:00Z');
    for (let i = 0; i < MAX_SIGNIN_CHALLENGES_PER_CLIENT; i++) await signInOptions(db, '192.0.2.7', RP, now);
    await expect(signInOptions(db, '192.0.2.7', RP, now)).rejects.toEqual(new PasskeyError('busy'));
    // Another address is not held up by this one.
    await expect(signInOptions(db, '192.0.2.8', RP, now)).resolves.toMatchObject({ rpId: 'assess.example' });
    const later = new Date(now.getTime() + CHALLENGE_SECONDS * 1000 + 1);
    await expect(signInOptions(db, '192.0.2.7', RP, later)).resolves.toMatchObject({ rpId: 'assess.example' });
  });

  it('registration options name the operator, ask for a discoverable passkey, and exclude none yet', async () => {
    const { operator } = await createOperator(db, 'keys@example.org', 'owner');
    const options = await registrationOptions(db, { operatorId: operator.id, email: operator.email }, RP);
    expect(options).toMatchObject({ rp: { id: 'assess.example', name: 'Assessment Online' }, user: { name: 'keys@example.org' }, excludeCredentials: [] });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required' });
  });

  it.each([
    ['nothing', null],
    ['an unknown credential', { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {}, clientExtensionResults: {} }],
    ['a credential id far too long', { id: 'A'.repeat(100_000), rawId: 'A', type: 'public-key', response: {}, clientExtensionResults: {} }],
  ])('%s signs nobody in', async (_case, response) => {
    await expect(signInWithPasskey(db, response as unknown as AuthenticationResponseJSON, RP)).rejects.toEqual(new PasskeyError('refused'));
  });
});

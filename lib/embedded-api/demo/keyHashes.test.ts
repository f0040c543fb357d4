import { STRONG, verifyKey } from '../keys';
import { DEMO_KEY_HASHES } from './keyHashes';
import { DEMO_ASSESSMENTS } from './rows';

const codes = DEMO_ASSESSMENTS.flatMap((row) => (row.accessCode ? [[row.id, row.accessCode] as const] : []));

describe('the demo codes hashed ahead (npx tsx lib/scripts/demo-key-hashes.ts writes them)', () => {
  it.each(codes)('%s: its code %s has a full-strength hash that verifies it and not the code changed', async (_id, code) => {
    const hash = DEMO_KEY_HASHES[code];
    expect(hash).toMatch(new RegExp(`^scrypt\\$${STRONG.N}\\$${STRONG.r}\\$${STRONG.p}\\$`));
    expect(await verifyKey(code, hash)).toBe(true);
    expect(await verifyKey(`${code}X`, hash)).toBe(false);
  });

  it('holds no code that is not a demo code (none of the operator\'s is ever here)', () => {
    expect(Object.keys(DEMO_KEY_HASHES).sort()).toEqual([...new Set(codes.map(([, code]) => code))].sort());
  });
});

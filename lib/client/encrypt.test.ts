/** @jest-environment jsdom */
import { decryptClientValue } from '@/lib/embedded-api/clientCrypto';
import { postCall } from './api';
import { encryptForUpstream, preloadEncryption } from './encrypt';

const CRYPTO = { key: '0123456789abcdef', iv: 'fedcba9876543210' };

describe('the cipher loaded on demand (not in any first load)', () => {
  it('encrypts as the upstream decrypts it (spec §5, §9), preloaded or not', async () => {
    preloadEncryption();
    const sent = await encryptForUpstream('RANK4711', CRYPTO);
    expect(sent).not.toContain('RANK4711');
    expect(decryptClientValue(sent, CRYPTO.key, CRYPTO.iv)).toBe('RANK4711');
  });
});

describe('postCall with a body that must be made first', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('sends what the function made', async () => {
    const sent: string[] = [];
    global.fetch = jest.fn(async (_url: unknown, init?: RequestInit) => {
      sent.push(String(init?.body));
      return { status: 200, json: async () => ({ statusCode: 1, detailCode: 0 }) } as Response;
    }) as typeof fetch;
    const answer = await postCall('submit/kodekodex/login', async () => ({ passwordHash: await encryptForUpstream('RANK4711', CRYPTO) }));
    expect(answer.statusCode).toBe(1);
    const body = JSON.parse(sent[0]!) as { passwordHash: string };
    expect(decryptClientValue(body.passwordHash, CRYPTO.key, CRYPTO.iv)).toBe('RANK4711');
  });

  it('a body that cannot be made (the cipher did not load) is the transport failure, and nothing is sent', async () => {
    const fetchSpy = jest.fn();
    global.fetch = fetchSpy as unknown as typeof fetch;
    const answer = await postCall('submit/kodekodex/login', async () => {
      throw new Error('ChunkLoadError');
    });
    expect(answer).toMatchObject({ statusCode: 13, transportFailed: true });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

import { DetailCode, StatusCode } from '@/lib/api/codes';
import { refuse } from './refusal';

/** What a client reads from any refusal, the proxy's and server.mjs's alike (lib/edge/refusal.mjs). */
describe('refuse', () => {
  it.each([
    [400, StatusCode.PostDataIsInvalid],
    [413, StatusCode.PostDataIsInvalid],
    [415, StatusCode.PostDataIsInvalid],
    [403, StatusCode.Undefined],
    [404, StatusCode.Undefined],
    [405, StatusCode.Undefined],
  ] as const)('%i carries statusCode %i, the API codes of lib/api/codes', async (status, statusCode) => {
    const response = refuse(status, 'the reason');
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ statusCode, detailCode: DetailCode.NoDetails, error: 'the reason' });
  });

  it('is JSON that is neither cached nor sniffed, with the extra headers given', () => {
    const response = refuse(405, 'method GET not allowed here', { allow: 'POST' });
    expect(Object.fromEntries(response.headers)).toEqual({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      allow: 'POST',
    });
  });
});

import { clientAddressOf } from './checks';

describe('clientAddressOf', () => {
  it.each([
    ['203.0.113.9', 0, '203.0.113.9'],
    ['198.51.100.1, 203.0.113.9', 0, '203.0.113.9'],
    ['198.51.100.1, 203.0.113.9', 1, '198.51.100.1'],
    ['spoofed, 198.51.100.1, 10.0.0.2', 1, '198.51.100.1'],
    ['only-one', 3, 'only-one'],
  ])('X-Forwarded-For %j with %i trusted hops → %s', (header, hops, expected) => {
    expect(clientAddressOf(new Headers({ 'x-forwarded-for': header }), hops)).toBe(expected);
  });

  it('falls back to X-Real-IP, else nothing', () => {
    expect(clientAddressOf(new Headers({ 'x-real-ip': '192.0.2.1' }))).toBe('192.0.2.1');
    expect(clientAddressOf(new Headers())).toBeUndefined();
  });
});

import { networkOf } from './keyCheckTurns';

describe('networkOf: the network whose attempts rank its addresses', () => {
  it.each([
    ['192.0.2.77', '192.0.2.0/24'],
    ['10.0.3.231', '10.0.3.0/24'],
    // The client address of an IPv6 client is already its /64 (lib/edge/clientAddress.mjs).
    ['2001:db8:0:0::/64', '2001:db8:0::/48'],
    ['2001:db8:1a:ff00::/64', '2001:db8:1a::/48'],
    ['unknown', 'unknown'],
  ])('%s → %s', (address, network) => {
    expect(networkOf(address)).toBe(network);
  });
});

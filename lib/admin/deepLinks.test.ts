import { groupDeepLink } from './groupCodes';
import { portalDeepLink } from './portals';

/** The admin command line's links start with PUBLIC_URL, whose path is the base path when the app lives under one. */
describe('deep links under a base path (PUBLIC_URL https://example.org/assessment)', () => {
  it.each(['https://example.org/assessment', 'https://example.org/assessment/'])('%s: group code and portal links keep /assessment', (publicUrl) => {
    expect(groupDeepLink(publicUrl, 'kodew', 'KWDEMO01', 'en-US')).toBe('https://example.org/assessment/kodew/KWDEMO01/en');
    expect(portalDeepLink(publicUrl, 'TEAM01', 7)).toBe('https://example.org/assessment/portal/TEAM01/7');
  });

  it('without a base path, the links are under the host root', () => {
    expect(groupDeepLink('https://example.org', 'kodew', 'KWDEMO01')).toBe('https://example.org/kodew/KWDEMO01');
  });
});

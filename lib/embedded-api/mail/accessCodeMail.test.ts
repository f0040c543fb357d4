import { comeBackLink } from './accessCodeMail';

describe("the access-code mail's link back", () => {
  it.each([
    ['https://example.org', 'https://example.org/home/AB12CD34/de'],
    ['https://example.org/assessment', 'https://example.org/assessment/home/AB12CD34/de'],
    ['https://example.org/assessment/', 'https://example.org/assessment/home/AB12CD34/de'],
  ])('under PUBLIC_URL %s: %s', (publicUrl, link) => expect(comeBackLink(publicUrl, 'AB12CD34', 'de-DE')).toBe(link));
});

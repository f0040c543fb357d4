import { DetailCode, ExtraDetailCode, StatusCode } from '@/lib/api/codes';
import { routeForPersonalInfoFirst } from './personalInfoFirst';

const firstRefusal = { statusCode: StatusCode.TokenInvalid, detailCode: ExtraDetailCode.PersonalInfoFirst };

describe('a group participant without personal info is sent back to it', () => {
  it.each([
    ['kodew', '/kodewgrouploginpersonal'],
    ['ra', '/grouploginpersonal'],
    ['kodegroupcode', '/kodegroupcodepersonal'],
  ] as const)('%s: the refusal leads to %s', (variant, route) => {
    expect(routeForPersonalInfoFirst(firstRefusal, variant)).toBe(route);
  });

  it.each([
    ['another TokenInvalid (not logged in)', { statusCode: StatusCode.TokenInvalid, detailCode: DetailCode.TokenUnknown }, 'kodew'],
    ['the detail with another status', { statusCode: StatusCode.PostDataIsInvalid, detailCode: ExtraDetailCode.PersonalInfoFirst }, 'kodew'],
    ['Ok', { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails }, 'kodew'],
    ['the refusal in a session that did not log in through a group code', firstRefusal, undefined],
  ] as const)('%s: no redirect (the error page as usual)', (_name, answer, variant) => {
    expect(routeForPersonalInfoFirst(answer, variant)).toBeUndefined();
  });
});

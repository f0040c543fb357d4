import { StatusCode } from '@/lib/api/codes';
import { routeAfterKeySaved } from './keySaved';

describe('after /register or /accesspassword saved the key (spec §4)', () => {
  it.each([
    ['Ok, logged in', StatusCode.Ok, { isLoggedIn: true }, { kind: 'go', to: '/questionnairemanual' }],
    ['Ok, not logged in', StatusCode.Ok, { isLoggedIn: false }, { kind: 'modal', messageKey: 'saveFailed' }],
    ['Ok, no token in the answer', StatusCode.Ok, undefined, { kind: 'modal', messageKey: 'saveFailed' }],
    ['PostDataIsInvalid, logged in', StatusCode.PostDataIsInvalid, { isLoggedIn: true }, { kind: 'modal', messageKey: 'saveFailed' }],
    ['Exception, logged in', StatusCode.Exception, { isLoggedIn: true }, { kind: 'modal', messageKey: 'saveFailed' }],
    ['TokenExpired', StatusCode.TokenExpired, { isLoggedIn: false }, { kind: 'modal', messageKey: 'saveFailed' }],
  ])('%s', (_name, statusCode, claims, outcome) => {
    expect(routeAfterKeySaved({ statusCode }, claims)).toEqual(outcome);
  });
});

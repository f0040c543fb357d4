import { StatusCode } from '@/lib/api/codes';
import { groupVariant } from './groupVariants';
import { routeAfterPersonalInfo } from './personalInfo';

describe('after a group personal-info page saved (spec §4)', () => {
  it.each([
    ['kodew, key set', 'kodew', StatusCode.Ok, { isLoggedIn: true }, true, { kind: 'go', to: '/kodewemail' }],
    ['kodew, key kept', 'kodew', StatusCode.Ok, { isLoggedIn: true }, false, { kind: 'go', to: '/kodewquestionnairemanual' }],
    ['kodegroupcode, key set', 'kodegroupcode', StatusCode.Ok, { isLoggedIn: true }, true, { kind: 'go', to: '/kodegroupcodeemail' }],
    ['kodegroupcode, key kept', 'kodegroupcode', StatusCode.Ok, { isLoggedIn: true }, false, { kind: 'go', to: '/questionnairemanual' }],
    ['ra (no e-mail step), key set', 'ra', StatusCode.Ok, { isLoggedIn: true }, true, { kind: 'go', to: '/questionnairemanual' }],
    ['ra, key kept', 'ra', StatusCode.Ok, { isLoggedIn: true }, false, { kind: 'go', to: '/questionnairemanual' }],
    ['Ok, not logged in', 'kodew', StatusCode.Ok, { isLoggedIn: false }, true, { kind: 'modal', messageKey: 'saveFailed' }],
    ['Ok, no token in the answer', 'kodew', StatusCode.Ok, undefined, true, { kind: 'modal', messageKey: 'saveFailed' }],
    ['PostDataIsInvalid', 'kodew', StatusCode.PostDataIsInvalid, { isLoggedIn: true }, true, { kind: 'modal', messageKey: 'saveFailed' }],
    ['TokenInvalid', 'kodew', StatusCode.TokenInvalid, undefined, false, { kind: 'modal', messageKey: 'saveFailed' }],
    ['AssessmentAlreadyFinished', 'kodew', StatusCode.AssessmentAlreadyFinished, undefined, false, { kind: 'modal', messageKey: 'saveFailed' }],
    ['Exception (transport failure)', 'kodew', StatusCode.Exception, undefined, true, { kind: 'modal', messageKey: 'saveFailed' }],
  ] as const)('%s', (_name, variant, statusCode, claims, keySet, outcome) => {
    expect(routeAfterPersonalInfo(groupVariant(variant), { statusCode }, claims, keySet)).toEqual(outcome);
  });
});

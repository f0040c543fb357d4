import { routeForSignedIn, type FlowRoute, type LoginPage } from './signedIn';

describe('a signed-in participant opening a login page of the ident-code flow', () => {
  it.each<[LoginPage, boolean, FlowRoute | undefined, string | undefined]>([
    // Browser Back from /questionnaire to the access-code form: on to the questionnaire.
    ['/accesscode', true, '/questionnaire', '/questionnaire'],
    ['/home', true, '/questionnaire', '/questionnaire'],
    ['/accesscode', true, '/questionnairemanual', '/questionnairemanual'],
    // A step still to do is where they are.
    ['/accesscode', true, '/accesspassword', '/accesspassword'],
    ['/accesscode', true, '/register', '/register'],
    ['/home', true, '/register', '/register'],
    // /accesspassword and /register: shown while they are the step, passed once done.
    ['/accesspassword', true, '/accesspassword', undefined],
    ['/accesspassword', true, '/questionnairemanual', '/questionnairemanual'],
    ['/accesspassword', true, '/questionnaire', '/questionnaire'],
    ['/accesspassword', true, '/register', '/register'],
    ['/register', true, '/register', undefined],
    ['/register', true, '/questionnairemanual', '/questionnairemanual'],
    ['/register', true, '/questionnaire', '/questionnaire'],
    // Not logged in (after the ident code, a wrong code, signed out): the page shows.
    ['/accesscode', false, '/questionnaire', undefined],
    ['/register', false, undefined, undefined],
    ['/home', false, undefined, undefined],
    // Logged in, but no step of this flow known (another flow's session): the page shows.
    ['/home', true, undefined, undefined],
    ['/accesscode', true, undefined, undefined],
  ])('%s, logged in %p, step %p → %p', (page, loggedIn, flowRoute, expected) => {
    expect(routeForSignedIn(page, { loggedIn, ...(flowRoute && { flowRoute }) })).toBe(expected);
  });
});

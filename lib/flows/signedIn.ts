/**
 * The steps of the ident-code flow a signed-in participant can be at. The session keeps the one
 * they reached (lib/session/callEffects.ts), so that a login page opened again (browser Back, an
 * old tab, a bookmark) sends them on instead of showing a login form they no longer need.
 */
export const FLOW_ROUTES = ['/register', '/accesspassword', '/questionnairemanual', '/questionnaire'] as const;
export type FlowRoute = (typeof FLOW_ROUTES)[number];

export function isFlowRoute(value: unknown): value is FlowRoute {
  return typeof value === 'string' && (FLOW_ROUTES as readonly string[]).includes(value);
}

/**
 * The login pages of the ident-code flow. /accesspassword and /register are login steps too: once
 * done, they are behind the participant. (/ and /error without a stored error show the ident-code
 * form, so they count as /home.)
 */
export type LoginPage = '/home' | '/accesscode' | '/accesspassword' | '/register';

export type SignedInState = { loggedIn: boolean; flowRoute?: FlowRoute };

/**
 * Where a participant who opens a login page goes instead, or undefined to show the page.
 * Only a logged-in token with a known step moves on: a visitor who is not logged in, or whose
 * step is unknown (a session of another flow), sees the page. The step itself is shown: a
 * participant who must still register or set a key stays on /register or /accesspassword.
 */
export function routeForSignedIn(page: LoginPage, state: SignedInState): FlowRoute | undefined {
  if (!state.loggedIn || !state.flowRoute) return undefined;
  return state.flowRoute === page ? undefined : state.flowRoute;
}

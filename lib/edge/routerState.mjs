// Plain JavaScript: server.mjs imports this before anything is compiled (see routerState.d.mts).
// Next's own parser, so that this check can never refuse a header that Next would accept; should a
// Next upgrade move it, the start fails here instead of the check going quietly wrong.
import { parseAndValidateFlightRouterState } from 'next/dist/server/app-render/parse-and-validate-flight-router-state.js';

/**
 * The client router sends its route tree with each navigation, URI-encoded JSON. Next parses it
 * only deep inside rendering, where a header it cannot read is a 500 (with a stack trace in the
 * log). A browser's router never sends one that does not parse, so refusing it costs no one.
 */
export const ROUTER_STATE_HEADER = 'next-router-state-tree';

export function isReadableRouterState(value) {
  if (value === undefined) return true;
  try {
    parseAndValidateFlightRouterState(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Set by server.mjs once a stop began: the readiness probe (app/api/ready) answers "draining" from
 * then on, so that a load balancer sends no new participant here while the requests in flight finish.
 */
export const DRAINING = Symbol.for('assessment-web.draining');

/** @returns {boolean} */
export function isDraining() {
  return globalThis[DRAINING] === true;
}

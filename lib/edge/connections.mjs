/**
 * The open connections of the HTTP server, for a stop (server.mjs) that closes what is idle. Node's
 * closeIdleConnections() closes a connection that has carried requests and has none in flight, but
 * not one that has not sent a request yet: that one counts as busy from its start (so that its
 * headers time out), and http.Server's close() stops that timeout. A connection that never sends
 * anything, such as a browser's preconnection, then held a stop until SHUTDOWN_TIMEOUT_MS and its
 * exit 1. Here such a connection is left FIRST_REQUEST_GRACE_MS to bring its request (a proxy's,
 * sent with the connection, is answered), then closed.
 */

/** How long a connection that has sent nothing may stay open during a stop. */
export const FIRST_REQUEST_GRACE_MS = 1000;

/**
 * @param {import('node:http').Server} server
 */
export function trackConnections(server) {
  /** @type {Map<import('node:net').Socket, { since: number, used: boolean, inFlight: number }>} */
  const open = new Map();
  server.on('connection', (socket) => {
    open.set(socket, { since: Date.now(), used: false, inFlight: 0 });
    socket.once('close', () => open.delete(socket));
  });
  server.on('request', (req, res) => {
    const state = open.get(req.socket);
    if (!state) return;
    state.used = true;
    state.inFlight++;
    res.once('close', () => state.inFlight--);
  });
  return {
    /** Closes the connections without a request in flight, but those still within their grace for a first one. */
    closeIdle(now = Date.now()) {
      for (const [socket, state] of open) {
        if (state.inFlight === 0 && (state.used || now - state.since >= FIRST_REQUEST_GRACE_MS)) socket.destroy();
      }
    },
    /** Past the time limit: every connection, requests in flight or not. */
    closeAll() {
      for (const socket of open.keys()) socket.destroy();
    },
  };
}

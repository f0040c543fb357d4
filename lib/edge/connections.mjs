import net from 'node:net';

/**
 * The open connections of the HTTP server, for a stop (server.mjs) that closes the idle ones
 * without dropping a request already sent on one. Node's closeIdleConnections(), which
 * http.Server's close() calls at once, closes a kept-alive connection between two requests even
 * when the next one is already in its socket, unread: the client gets a reset (measured by
 * `npm run bench:durability -- --signal TERM`). It leaves a connection that has not sent a request
 * yet open, and close() stops the timeout that would end it: one that never sends anything, such as
 * a browser's preconnection, held the stop until SHUTDOWN_TIMEOUT_MS and its exit 1.
 *
 * Here a connection without a request in flight is closed on the second look that finds it so
 * (the looks are turns of the event loop apart, and in between the loop reads what has arrived: a
 * request already sent is then answered, with Connection: close); one that has not sent a request
 * yet first gets FIRST_REQUEST_GRACE_MS.
 */

/** How long a connection that has sent nothing may stay open during a stop. */
export const FIRST_REQUEST_GRACE_MS = 1000;

/**
 * @param {import('node:http').Server} server
 */
export function trackConnections(server) {
  /** @type {Map<import('node:net').Socket, { since: number, used: boolean, inFlight: number, idleSeen: boolean }>} */
  const open = new Map();
  server.on('connection', (socket) => {
    open.set(socket, { since: Date.now(), used: false, inFlight: 0, idleSeen: false });
    socket.once('close', () => open.delete(socket));
  });
  server.on('request', (req, res) => {
    const state = open.get(req.socket);
    if (!state) return;
    state.used = true;
    state.inFlight++;
    state.idleSeen = false;
    res.once('close', () => state.inFlight--);
  });
  return {
    /** One look: closes the connections this look and the one before found idle (a new one only past its grace). */
    closeIdle(now = Date.now()) {
      for (const [socket, state] of open) {
        const idle = state.inFlight === 0 && (state.used || now - state.since >= FIRST_REQUEST_GRACE_MS);
        if (idle && state.idleSeen) socket.destroy();
        state.idleSeen = idle;
      }
    },
    /** Past the time limit: every connection, requests in flight or not. */
    closeAll() {
      for (const socket of open.keys()) socket.destroy();
    },
    /**
     * Takes no new connection; `closed` once every connection is gone. net.Server's close, not
     * http.Server's, which would first close the idle connections at once (above).
     * @param {() => void} closed
     */
    stopListening(closed) {
      net.Server.prototype.close.call(server, closed);
    },
  };
}

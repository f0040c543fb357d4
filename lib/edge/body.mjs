// Plain JavaScript: server.mjs imports this before anything is compiled (see body.d.mts).
import { Readable } from 'node:stream';

/**
 * Reads a request body of at most limit bytes: the bytes, 'too-large' (the rest is left unread), or
 * 'aborted' when the client goes away first, which is nobody's error and logs nothing.
 */
export function readBody(request, limit) {
  const declared = Number(request.headers?.['content-length'] ?? 0);
  if (declared > limit) return Promise.resolve('too-large');
  // A client that vanishes later must not become an unhandled 'error' event either.
  request.on('error', () => undefined);
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    let settled = false;
    const settle = (result) => {
      if (settled) return;
      settled = true;
      request.off('data', onData);
      resolve(result);
    };
    const onData = (chunk) => {
      size += chunk.length;
      if (size > limit) {
        request.pause();
        settle('too-large');
      } else {
        chunks.push(chunk);
      }
    };
    request.on('data', onData);
    request.once('end', () => settle(Buffer.concat(chunks)));
    request.once('error', () => settle('aborted'));
    request.once('close', () => settle('aborted'));
  });
}

/**
 * Gives a request whose body has been read that body again, for Next to read as if it were new.
 * The same replacement Next makes after its middleware has read a body
 * (next/dist/server/body-streams.js: the stream's state and methods, bound to the request), read
 * as Next reads it ('data' events, pipeline); like Next's, it is not for `for await`.
 */
export function replayBody(request, body) {
  const replay = new Readable({ read() {} });
  replay.push(body);
  replay.push(null);
  for (const key in replay) {
    const value = replay[key];
    request[key] = typeof value === 'function' ? value.bind(request) : value;
  }
  return request;
}

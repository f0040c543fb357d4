import type { createClient, FuzzResponse } from '../../fuzz/http';

type Client = ReturnType<typeof createClient>;

/**
 * A client that does what a browser does with a request that met a kept-alive connection the
 * other side had closed as idle (unread: nginx's old workers close all of theirs on a reload): it
 * sends it once more, on a new connection. Not on the next pooled one, which was closed at the same
 * moment (a CI run met two in a row). `counts` tells how many requests went out and how many again.
 */
export function resendClosedIdle(client: Client): Client & { counts: { requests: number; resent: number } } {
  const counts = { requests: 0, resent: 0 };
  return {
    counts,
    close: client.close,
    send: async (request) => {
      counts.requests++;
      const answer: FuzzResponse = await client.send(request);
      if (!answer.reusedConnection) return answer;
      counts.resent++;
      counts.requests++;
      return client.send({ ...request, freshConnection: true });
    },
  };
}

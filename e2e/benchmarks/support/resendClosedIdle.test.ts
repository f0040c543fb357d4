/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '../../fuzz/http';
import { resendClosedIdle } from './resendClosedIdle';

const GET = { label: 'GET /', method: 'GET', path: '/', headers: {} };

describe('resendClosedIdle', () => {
  let server: http.Server;
  let port: number;
  /** Connections that answered before; once `closing`, a request on one of them is dropped unread. */
  const used = new Set<object>();
  let closing = false;
  let dropped = 0;

  beforeEach(async () => {
    used.clear();
    closing = false;
    dropped = 0;
    server = http.createServer((request, response) => {
      if (closing && used.has(request.socket)) {
        dropped++;
        request.socket.destroy();
        return;
      }
      used.add(request.socket);
      // The two first answers overlap, so that the pool holds two connections.
      setTimeout(() => response.end('ok'), 20);
    });
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends a request that met a closed kept-alive connection again on a new one, though every pooled one was closed', async () => {
    const client = resendClosedIdle(createClient(port, 2, 5_000));
    try {
      const warm = await Promise.all([client.send(GET), client.send(GET)]);
      expect(warm.map((answer) => answer.status)).toEqual([200, 200]);
      closing = true;

      const answer = await client.send(GET);

      expect(answer).toMatchObject({ status: 200, body: 'ok' });
      expect(dropped).toBe(1);
      expect(client.counts).toEqual({ requests: 4, resent: 1 });
    } finally {
      client.close();
    }
  });

  it('sends a request that failed on a new connection only once', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const client = resendClosedIdle(createClient(closedPort, 1, 5_000));
    try {
      const answer = await client.send(GET);
      expect(answer.status).toBe(0);
      expect(answer.error).toMatch(/ECONNREFUSED/);
      expect(client.counts).toEqual({ requests: 1, resent: 0 });
    } finally {
      client.close();
    }
  });
});

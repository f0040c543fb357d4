/**
 * A round-robin load balancer, as an operator puts in front of several instances: every request,
 * even on a kept-alive connection, goes to the next instance in turn, with no session affinity.
 * It passes the Host header through, so that the instances see the address the browser used.
 */
import http from 'node:http';

export type Balancer = { url: string; served: () => number[]; close: () => Promise<void> };

export async function startBalancer(port: number, instancePorts: number[]): Promise<Balancer> {
  const served = instancePorts.map(() => 0);
  let turn = 0;
  const server = http.createServer((request, response) => {
    const index = turn++ % instancePorts.length;
    served[index]!++;
    const upstream = http.request(
      { host: '127.0.0.1', port: instancePorts[index], method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return {
    url: `http://localhost:${port}`,
    served: () => [...served],
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_API_PATH } from '@/lib/paypal/orderShape';
import type { DemoDatabase } from './database';
import { demoOrdersApi, type DemoOrdersApiOptions } from './ordersApi';

/**
 * For tests: the demo provider's Orders API on a loopback port, under /api/paypal-demo as the app
 * serves it (app/api/paypal-demo/[...path]/route.ts), so that the server's own PayPal client can
 * ask it over HTTP. Every request counts as same-origin from 203.0.113.9, as a buyer's browser on
 * the app's page would.
 */
export async function startDemoHttpServer(db: DemoDatabase, options: DemoOrdersApiOptions): Promise<{ origin: string; address: AddressInfo; close(): Promise<void> }> {
  const answer = demoOrdersApi(db, options);
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const pathname = new URL(request.url ?? '/', 'http://demo.invalid').pathname;
      if (!pathname.startsWith(`${DEMO_API_PATH}/`)) {
        response.writeHead(404).end();
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
      answer({
        method: request.method ?? 'GET',
        path: pathname.slice(DEMO_API_PATH.length + 1).split('/'),
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        clientAddress: '203.0.113.9',
        sameOrigin: true,
      }).then(
        (result) => {
          response.writeHead(result.status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(result.body));
        },
        () => response.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${address.port}`,
    address,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

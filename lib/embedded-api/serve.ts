import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ownOriginOf } from '@/lib/edge/ownOrigin.mjs';
import { logEvent } from '@/lib/log/logger';

/**
 * A body the served API reads at most: four times what the app's proxy lets a browser send
 * (256 KiB), so that no call the app makes is cut, and a flood of bytes is refused unread.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

export type ServedApi = {
  /** The base address to give the app as UPSTREAM_API_URL (ending in /api, the spec's {api}). */
  url: string;
  address: AddressInfo;
  /** Stops taking connections and ends the open ones; the API itself (its database) is the caller's to close. */
  close(): Promise<void>;
};

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

/** The body, or 'too-large' once it passes MAX_BODY_BYTES (the rest is not read). */
async function readBody(req: http.IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The embedded API on a port of its own, as a real upstream runs (`npm run upstream`,
 * lib/scripts/upstream.ts): each HTTP request becomes the Web Request that its handler takes in
 * process, so that what crosses the network is exactly what the app's upstream client sends.
 *
 * The client address the limits count by is the X-Forwarded-For the caller names, as the app's
 * upstream client sends the participant's (lib/upstream/transport.ts); without one, the caller's
 * own. Whoever reaches the port is therefore believed about it: the app is this upstream's only
 * client, which is why it listens on 127.0.0.1 unless told otherwise.
 */
export async function serveEmbeddedApi(handle: (request: Request) => Promise<Response>, { host = '127.0.0.1', port = 0 }: { host?: string; port?: number } = {}): Promise<ServedApi> {
  const server = http.createServer((req, res) => {
    void (async () => {
      const body = req.method === 'POST' ? await readBody(req) : undefined;
      if (body === 'too-large') {
        res.setHeader('connection', 'close');
        return json(res, 413, { error: `body is larger than ${MAX_BODY_BYTES} bytes` });
      }
      const headers = new Headers();
      const contentType = req.headers['content-type'];
      if (contentType) headers.set('content-type', contentType);
      const forwarded = req.headers['x-forwarded-for'];
      const client = (Array.isArray(forwarded) ? forwarded[0] : forwarded) || req.socket.remoteAddress;
      if (client) headers.set('x-forwarded-for', client);
      // A request target that is no path (an absolute form, a malformed one) names no call: a 400, not a failure of ours.
      const target = URL.canParse(req.url ?? '', 'http://upstream.invalid') && (req.url ?? '').startsWith('/') ? req.url! : undefined;
      if (!target) return json(res, 400, { error: 'the request target is not a path' });
      const answer = await handle(new Request(new URL(target, 'http://upstream.invalid'), { method: req.method ?? 'GET', headers, ...(body && { body: new Uint8Array(body) }) }));
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    })().catch((error: unknown) => {
      // The handler answers its own failures as the contract's Exception; this is the adapter's, or a client gone.
      logEvent('error', 'upstream_server_failure', { reason: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) json(res, 500, { error: 'internal error' });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    // A wildcard address is reached on loopback.
    url: `${ownOriginOf(address)}/api`,
    address,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

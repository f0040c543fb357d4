import http from 'node:http';
import net from 'node:net';
import { FIRST_REQUEST_GRACE_MS, trackConnections } from './connections.mjs';

/** A server whose /slow answers only when told to, with its connections tracked. */
async function serve() {
  let release: () => void = () => undefined;
  const server = http.createServer();
  const connections = trackConnections(server);
  server.on('request', (req, res) => {
    if (req.url === '/slow') release = () => res.end('slow');
    else res.end('quick');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { server, connections, port, release: () => release() };
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

const closed = (socket: net.Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));
/** Sends a request on the socket and resolves with the answer's first chunk. */
const ask = (socket: net.Socket, path: string) =>
  new Promise<string>((resolve) => {
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString()));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
  });
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('trackConnections (the stop in server.mjs)', () => {
  it('closes a kept-alive connection with no request in flight, keeps one with a request until its answer', async () => {
    const { server, connections, port, release } = await serve();
    const idle = await connect(port);
    expect(await ask(idle, '/quick')).toMatch(/^HTTP\/1.1 200/);
    const busy = await connect(port);
    busy.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await settle();

    // Two looks a turn of the event loop apart: a request already on its way is read in between.
    connections.closeIdle();
    await settle();
    expect(idle.destroyed).toBe(false);
    connections.closeIdle();
    await closed(idle);
    await settle();
    expect(busy.destroyed).toBe(false);
    release();
    await new Promise((resolve) => busy.once('data', resolve));
    connections.closeIdle();
    connections.closeIdle();
    await closed(busy);
    server.close();
  });

  it('answers a request that came on a kept-alive connection between the two looks', async () => {
    const { server, connections, port } = await serve();
    const kept = await connect(port);
    expect(await ask(kept, '/quick')).toMatch(/^HTTP\/1.1 200/);
    connections.closeIdle();
    expect(await ask(kept, '/quick')).toMatch(/^HTTP\/1.1 200/);
    connections.closeIdle();
    await settle();
    expect(kept.destroyed).toBe(false);
    kept.destroy();
    server.close();
  });

  it('leaves a connection that has not sent a request yet its grace, and answers the request it brings', async () => {
    const { server, connections, port } = await serve();
    const fresh = await connect(port);
    await settle();
    connections.closeIdle();
    connections.closeIdle();
    await settle();
    expect(fresh.destroyed).toBe(false);
    expect(await ask(fresh, '/quick')).toMatch(/^HTTP\/1.1 200/);
    fresh.destroy();
    server.close();
  });

  it('closes a connection that stayed silent past the grace', async () => {
    const { server, connections, port } = await serve();
    const silent = await connect(port);
    await settle();
    connections.closeIdle(Date.now() + FIRST_REQUEST_GRACE_MS);
    connections.closeIdle(Date.now() + FIRST_REQUEST_GRACE_MS);
    await closed(silent);
    server.close();
  });

  it('closes every connection, requests in flight too, past the time limit', async () => {
    const { server, connections, port } = await serve();
    const busy = await connect(port);
    busy.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await settle();
    connections.closeAll();
    await closed(busy);
    server.close();
  });
});

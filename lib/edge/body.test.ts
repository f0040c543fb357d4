import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readBody, replayBody } from './body.mjs';

/** A stand-in for http.IncomingMessage: a Readable with headers, fed by the test. */
function request(contentLength?: number) {
  const stream = new Readable({ read() {} });
  return Object.assign(stream, {
    headers: contentLength === undefined ? {} : { 'content-length': String(contentLength) },
    write: (text: string) => stream.push(text),
    end: (text: string) => {
      stream.push(text);
      stream.push(null);
    },
  });
}

/** Reads a stream as Next does: its 'data' and 'end' events, or a pipeline. */
function readByEvents(stream: Readable): Promise<string> {
  let text = '';
  return new Promise((resolve) => {
    stream.on('data', (chunk) => (text += String(chunk)));
    stream.on('end', () => resolve(text));
  });
}

async function readByPipeline(stream: Readable): Promise<string> {
  let text = '';
  await pipeline(stream, new Writable({ write: (chunk, _encoding, done) => ((text += String(chunk)), done()) }));
  return text;
}

describe('readBody', () => {
  it('reads the whole body up to the limit', async () => {
    const req = request();
    req.end('hello');
    expect((await readBody(req, 5)).toString()).toBe('hello');
  });

  it('is too large when the announced length is over the limit, without reading', async () => {
    const req = request(6);
    expect(await readBody(req, 5)).toBe('too-large');
    expect(req.readableFlowing).toBeNull();
  });

  it('is too large when more arrives than the limit', async () => {
    const req = request();
    req.write('hello!');
    expect(await readBody(req, 5)).toBe('too-large');
  });

  it('is aborted when the client goes away mid-body, and no error escapes', async () => {
    const req = request(100);
    req.write('half');
    const read = readBody(req, 1000);
    req.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    expect(await read).toBe('aborted');
  });
});

describe('replayBody', () => {
  it.each([
    ['events', readByEvents],
    ['a pipeline', readByPipeline],
  ])('gives a request whose body was read the same body again, read by %s', async (_, read) => {
    const req = request();
    req.end('{"a":1}');
    const body = await readBody(req, 100);
    expect(body).toBeInstanceOf(Buffer);
    replayBody(req, body as Buffer);
    expect(await read(req)).toBe('{"a":1}');
  });
});

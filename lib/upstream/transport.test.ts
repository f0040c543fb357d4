import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { traceInMemory } from '@/lib/tracing/testTracing';
import { transportTo } from './transport';

/**
 * The upstream call's span, with tracing on (lib/tracing): one per call, named by the call, in
 * front of an HTTP upstream (which gets the trace context) and with the embedded API in-process
 * (whose statements are its children). The configuration is read from process.env once per
 * process, so the environment is set and the caches cleared first.
 */
const CONFIG_KEY = Symbol.for('assessment-web.config');
const EMBEDDED_KEY = Symbol.for('assessment-web.embedded-api');
type Store = Record<symbol, unknown>;
const savedEnv = { ...process.env }; // eslint-disable-line no-restricted-properties -- tests set what the config reads
let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'transport-test-'));
  // eslint-disable-next-line no-restricted-properties -- tests set what the config reads
  process.env = { ...savedEnv, DATA_DIR: dataDir, SESSION_SECRET: 't'.repeat(40) };
  delete (globalThis as Store)[CONFIG_KEY];
});

beforeEach(() => {
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  const embedded = (globalThis as Store)[EMBEDDED_KEY] as Promise<{ close(): Promise<void> }> | undefined;
  await embedded?.then((api) => api.close()).catch(() => undefined);
  delete (globalThis as Store)[EMBEDDED_KEY];
  // eslint-disable-next-line no-restricted-properties -- restore what the tests changed
  process.env = savedEnv;
  delete (globalThis as Store)[CONFIG_KEY];
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('in front of an HTTP upstream', () => {
  let server: http.Server;
  let url: string;
  let headers: http.IncomingHttpHeaders[] = [];
  let status = 200;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      headers.push(req.headers);
      req.resume().on('end', () => res.writeHead(status, { 'content-type': 'application/json' }).end('{"statusCode":1}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    headers = [];
    status = 200;
  });

  it('the call is a client span named by the call, and the upstream continues its trace (traceparent)', async () => {
    const tracing = traceInMemory();
    await tracing.inRequest(() => transportTo({ url, timeoutMs: 5000 }, 'submit/kodew/login', '{"groupcode":"secret"}'));
    const spans = await tracing.stop();
    const call = spans.find((span) => span.name === 'upstream submit/kodew/login')!;
    const request = spans.find((span) => span.name === 'GET /request')!;
    expect(call.kind).toBe(SpanKind.CLIENT);
    expect(call.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(call.attributes).toEqual({ 'upstream.call': 'submit/kodew/login', 'upstream.transport': 'http', 'server.address': '127.0.0.1', 'http.request.method': 'POST', 'http.response.status_code': 200 });
    const { traceId, spanId } = call.spanContext();
    expect(headers[0]!.traceparent).toBe(`00-${traceId}-${spanId}-01`);
  });

  it('an HTTP error marks the span failed with its status', async () => {
    status = 502;
    const tracing = traceInMemory();
    await tracing.inRequest(() => transportTo({ url, timeoutMs: 5000 }, 'submit/kodew/login', '{}'));
    const [call] = (await tracing.stop()).filter((span) => span.name.startsWith('upstream '));
    expect(call!.status.code).toBe(SpanStatusCode.ERROR);
    expect(call!.attributes['error.type']).toBe('502');
  });

  it('with tracing off: no trace context goes out', async () => {
    await transportTo({ url, timeoutMs: 5000 }, 'submit/kodew/login', '{}');
    expect(headers[0]).not.toHaveProperty('traceparent');
  });
});

it('with the embedded API: an internal span around the in-process call, its database statements inside it', async () => {
  const tracing = traceInMemory();
  // The database opens with tracing on, as at a start with OTEL_EXPORTER_OTLP_ENDPOINT.
  const response = await tracing.inRequest(() => transportTo({ timeoutMs: 20_000 }, 'pageinfo/portal/login', '{"portalId":1}'));
  expect(response.status).toBe(200);
  const spans = await tracing.stop();
  const call = spans.find((span) => span.name === 'upstream pageinfo/portal/login')!;
  expect(call.kind).toBe(SpanKind.INTERNAL);
  expect(call.attributes).toMatchObject({ 'upstream.call': 'pageinfo/portal/login', 'upstream.transport': 'embedded' });
  const statements = spans.filter((span) => span.parentSpanContext?.spanId === call.spanContext().spanId && span.attributes['db.system'] === 'postgresql');
  expect(statements.length).toBeGreaterThan(0);
}, 90_000);

import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { plainUrl, scrubAttributes } from './scrub';
import { traceInMemory } from './testTracing';

describe('scrubAttributes: no code of a deep link, no query, no quoted value leaves the process', () => {
  it('a request path gives way to its route pattern', () => {
    expect(scrubAttributes({ 'http.method': 'GET', 'http.target': '/kodew/KWDEMO01/en?utm=x', 'http.route': '/kodew/[[...params]]' })).toEqual({
      'http.method': 'GET',
      'http.target': '/kodew/[[...params]]',
      'http.route': '/kodew/[[...params]]',
    });
  });

  it('a path of a span that knows no route is dropped (Next’s middleware span, a 404)', () => {
    expect(scrubAttributes({ 'http.target': '/home/P1DEMO01', 'url.path': '/home/P1DEMO01', 'url.query': 'code=RANK4711', 'http.method': 'GET' })).toEqual({ 'http.method': 'GET' });
  });

  it('a URL keeps scheme, host and path: no user, password, query or fragment', () => {
    expect(scrubAttributes({ 'http.url': 'https://user:Sup3rSecret@upstream.example:8443/api/submit/kodew/login?code=KWDEMO01#k' })).toEqual({
      'http.url': 'https://upstream.example:8443/api/submit/kodew/login',
    });
    expect(plainUrl('not a url')).toBeUndefined();
    expect(scrubAttributes({ 'url.full': 'not a url' })).toEqual({});
  });

  it('an error’s message and stack lose the values they quote', () => {
    const scrubbed = scrubAttributes({
      'exception.message': 'duplicate key value violates unique constraint "members_code_key" DETAIL: Key (code)=(KWDEMO01) already exists.',
      'exception.stacktrace': "Error: invalid input syntax for type integer: \"Erika\"\n    at query (/app/x.js:1:1)",
    });
    expect(JSON.stringify(scrubbed)).not.toMatch(/KWDEMO01|Erika/);
    expect(scrubbed['exception.message']).toContain('members_code_key');
  });
});

describe('the exporter sends spans scrubbed', () => {
  it('names, attributes, events and status of Next-like spans, as a collector receives them', async () => {
    const tracing = traceInMemory();
    const tracer = trace.getTracer('next.js');
    tracer.startActiveSpan('GET', { kind: SpanKind.SERVER, attributes: { 'http.target': '/kodew/KWDEMO01/en' } }, (request) => {
      tracer.startSpan('fetch POST http://upstream.example/api/submit/kodew/login?code=KWDEMO01', { attributes: { 'http.url': 'http://upstream.example/api/submit/kodew/login?code=KWDEMO01' } }).end();
      request.recordException(new Error("invalid input syntax for type integer: \"KWDEMO01\""));
      request.setStatus({ code: SpanStatusCode.ERROR, message: "Key (code)=(KWDEMO01) already exists" });
      request.setAttribute('http.route', '/kodew/[[...params]]');
      request.updateName('GET /kodew/[[...params]]');
      request.end();
    });
    const spans = await tracing.stop();
    expect(spans.map((span) => span.name).sort()).toEqual(['GET /kodew/[[...params]]', 'fetch POST http://upstream.example/api/submit/kodew/login']);
    const request = spans.find((span) => span.kind === SpanKind.SERVER)!;
    expect(request.attributes['http.target']).toBe('/kodew/[[...params]]');
    expect(request.events).toHaveLength(1);
    const seen = JSON.stringify(spans.map((span) => ({ name: span.name, attributes: span.attributes, events: span.events, status: span.status })));
    expect(seen).not.toContain('KWDEMO01');
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OTLP/HTTP receiver in the test's own process, standing in for an operator's collector: it
 * takes what the app exports to /v1/traces (OTLP in JSON, as lib/tracing/start.ts sends it),
 * answers as a collector does, and keeps every span with its resource and scope.
 */

export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client. */
  kind: number;
  scope: string;
  attributes: Record<string, string | number | boolean>;
  resource: Record<string, string | number | boolean>;
};

export const SERVER = 2;

type KeyValue = { key: string; value: { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number } };
type Export = {
  resourceSpans?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: Array<{ scope?: { name?: string }; spans?: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: KeyValue[] }> }>;
  }>;
};

const valuesOf = (attributes: KeyValue[] = []) =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, value.stringValue ?? value.boolValue ?? value.doubleValue ?? Number(value.intValue)]));

export type OtlpReceiver = {
  /** What the app's OTEL_EXPORTER_OTLP_ENDPOINT is set to. */
  endpoint: string;
  spans: () => ReceivedSpan[];
  /** Every request body as it arrived: what must never hold a code, a key or a cookie. */
  rawBodies: () => string;
  /** The paths and content types exports came with. */
  requests: () => Array<{ path: string; contentType: string }>;
  close: () => Promise<void>;
};

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const bodies: string[] = [];
  const requests: Array<{ path: string; contentType: string }> = [];
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(body);
      requests.push({ path: req.url ?? '', contentType: req.headers['content-type'] ?? '' });
      try {
        for (const resourceSpans of (JSON.parse(body) as Export).resourceSpans ?? []) {
          const resource = valuesOf(resourceSpans.resource?.attributes);
          for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
            for (const span of scopeSpans.spans ?? []) {
              spans.push({ ...span, parentSpanId: span.parentSpanId || undefined, scope: scopeSpans.scope?.name ?? '', attributes: valuesOf(span.attributes), resource });
            }
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans: () => spans,
    rawBodies: () => bodies.join('\n'),
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

import { SpanKind, trace } from '@opentelemetry/api';
import { ExportResultCode } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';
import { startTracing, stopTracing } from './start';

/**
 * For tests: tracing started in-process as lib/startup.ts starts it, with the spans kept in memory
 * (after the scrub, as a collector would receive them) instead of sent over HTTP.
 */
export function traceInMemory() {
  const exported: ReadableSpan[] = [];
  const exporter: SpanExporter = {
    export: (spans, done) => {
      exported.push(...spans);
      done({ code: ExportResultCode.SUCCESS });
    },
    shutdown: async () => undefined,
  };
  startTracing({ OTEL_SERVICE_NAME: 'assessment-web-test', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }, exporter);
  return {
    /** Runs work inside a span that stands for a request, as Next's request span does. */
    inRequest: <T>(work: () => Promise<T>, name = 'GET /request'): Promise<T> =>
      trace.getTracer('test').startActiveSpan(name, { kind: SpanKind.SERVER }, async (span) => {
        try {
          return await work();
        } finally {
          span.end();
        }
      }),
    /** Stops tracing and gives every span it recorded, in the order they ended. */
    stop: async (): Promise<ReadableSpan[]> => {
      await stopTracing();
      return exported;
    },
  };
}

import { trace } from '@opentelemetry/api';
import { ExportResultCode } from '@opentelemetry/core';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import { captureOutput } from '@/lib/log/captureOutput';
import { currentTracing } from './current';
import { startTracing, stopTracing } from './start';

const CONFIG = { OTEL_SERVICE_NAME: 'assessment-web', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://user:key@collector.example/v1/traces?tenant=school' };

afterEach(async () => {
  jest.useRealTimers();
  await stopTracing().catch(() => undefined);
});

it('says once at start where the traces go, without the user, key or query of the URL', async () => {
  const output = captureOutput();
  try {
    startTracing(CONFIG, { export: (_spans, done) => done({ code: ExportResultCode.SUCCESS }), shutdown: async () => undefined });
    startTracing(CONFIG);
  } finally {
    output.restore();
  }
  expect(output.events()).toEqual([expect.objectContaining({ event: 'tracing_on', service: 'assessment-web', traces: 'https://collector.example/v1/traces' })]);
  expect(output.text()).not.toMatch(/key|tenant/);
  expect(currentTracing()).toBeDefined();
});

it('a collector that refuses is logged once, not every five seconds', async () => {
  jest.useFakeTimers();
  const failing: SpanExporter = { export: (_spans, done) => done({ code: ExportResultCode.FAILED, error: new Error('HTTP 503 from "collector.example"') }), shutdown: async () => undefined };
  const output = captureOutput();
  try {
    startTracing(CONFIG, failing);
    for (let batch = 0; batch < 3; batch++) {
      trace.getTracer('test').startSpan('work').end();
      await jest.advanceTimersByTimeAsync(5_500);
    }
  } finally {
    output.restore();
  }
  const failures = output.events().filter((line) => line.event === 'tracing_export_failed');
  expect(failures).toEqual([expect.objectContaining({ level: 'warn', reason: 'HTTP 503 from "…"' })]);
});

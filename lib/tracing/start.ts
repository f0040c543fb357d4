import { context, propagation, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { setGlobalErrorHandler, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOnSampler, BatchSpanProcessor, ParentBasedSampler, TracerProvider, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace';
import type { AppConfig } from '@/lib/config';
import { tracesDestination } from '@/lib/config/tracing';
import { logEvent } from '@/lib/log/logger';
import { logOnce } from '@/lib/log/once';
import { redactReason } from '@/lib/log/redactReason';
import { currentTracing, setCurrentTracing, type Tracing, type WorkSpan } from './current';
import { scrubbingExporter } from './scrub';

/**
 * Tracing with the OpenTelemetry SDK, loaded only when lib/startup.ts finds an OTLP endpoint set
 * (lib/config/tracing.ts); once per process, a cluster worker's too, in Next's start-up hook, which
 * Next's requests wait for. It registers what Next's own instrumentation waits for (a tracer
 * provider, the async-context manager, the W3C propagator): from then on Next records its request,
 * render and fetch spans, and the app adds its own through lib/tracing/current.ts (the request
 * from server.mjs on, the upstream call, each database statement, the trace id in log lines).
 * Spans go out in batches, scrubbed (scrub.ts), as OTLP over HTTP in JSON to the endpoint the
 * OTEL_EXPORTER_OTLP_* variables name.
 */

const TRACER_NAME = 'assessment-web';

export function startTracing(config: Pick<AppConfig, 'OTEL_SERVICE_NAME' | 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'>, exporter: SpanExporter = new OTLPTraceExporter()): Tracing {
  const running = currentTracing();
  if (running) return running;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  // A request's own trace context only comes from a proxy the app trusts: server.mjs drops it otherwise (lib/edge/clientAddress.mjs).
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.OTEL_SERVICE_NAME }),
    sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }),
    spanProcessors: [requestsByRoute, new BatchSpanProcessor({ exporter: scrubbingExporter(exporter) })],
  });
  trace.setGlobalTracerProvider(provider);
  // A collector that is down or refuses: said once, not every five seconds; the error's text without what it may quote.
  setGlobalErrorHandler((error) =>
    logOnce('tracing-export-failed', 'warn', 'tracing_export_failed', { reason: redactReason(error instanceof Error ? error.message : String(error)) }),
  );
  const tracer = trace.getTracer(TRACER_NAME);

  const tracing: Tracing = {
    ids() {
      const span = trace.getActiveSpan();
      if (!span) return undefined;
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    inSpan(name, options, work, errorType) {
      if (options.onlyInTrace && !trace.getActiveSpan()) return work(UNTRACED);
      const kind = options.kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL;
      return tracer.startActiveSpan(name, { kind, attributes: options.attributes }, async (span) => {
        try {
          return await work(workSpan(span));
        } catch (error) {
          failed(span, errorType(error));
          throw error;
        } finally {
          span.end();
        }
      });
    },
    serve(req, res, serve) {
      // A trace context only a trusted proxy may have sent (server.mjs dropped any other): its trace goes on here.
      const parent = propagation.extract(context.active(), req.headers);
      const method = HTTP_METHODS.has(req.method ?? '') ? req.method! : '_OTHER';
      const span = tracer.startSpan(method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } }, parent);
      let answered = false;
      const closed = new Promise<void>((resolve) =>
        res.once('close', () => {
          answered = res.writableFinished;
          resolve();
        }),
      );
      const served = context.with(trace.setSpan(parent, span), serve);
      // Ended once the answer is out and Next is done with the request: Next gives the route (http.route) as it finishes.
      void Promise.allSettled([served, closed]).then(() => {
        span.setAttribute('http.response.status_code', res.statusCode);
        if (res.statusCode >= 500) failed(span, String(res.statusCode));
        else if (!answered) failed(span, 'aborted');
        span.end();
      });
      return served;
    },
    inject(headers) {
      propagation.inject(context.active(), headers);
    },
    close: () => provider.shutdown(),
  };
  setCurrentTracing(tracing);
  logEvent('info', 'tracing_on', { service: config.OTEL_SERVICE_NAME, traces: tracesDestination(config) });
  return tracing;
}

/** Stops tracing: what is queued is sent, nothing more is recorded (tests; a stop goes through close()). */
export async function stopTracing(): Promise<void> {
  const running = currentTracing();
  if (!running) return;
  setCurrentTracing(undefined);
  await running.close();
  trace.disable();
  context.disable();
  propagation.disable();
}

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH']);

/**
 * The request span is named by its route pattern ("GET /kodew/[[...params]]"), which Next gives
 * it as http.route once it has routed the request; never by the path, which holds the codes of a
 * deep link. A request Next never saw (a refusal of server.mjs, a precompressed file) keeps the method alone.
 */
const requestsByRoute: SpanProcessor = {
  onStart: () => undefined,
  onEnding(span) {
    const route = span.attributes['http.route'];
    if (span.kind === SpanKind.SERVER && span.instrumentationScope.name === TRACER_NAME && typeof route === 'string') span.updateName(`${span.name} ${route}`);
  },
  onEnd: () => undefined,
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};

function failed(span: Span, errorType: string): void {
  span.setAttribute('error.type', errorType);
  span.setStatus({ code: SpanStatusCode.ERROR });
}

function workSpan(span: Span): WorkSpan {
  return {
    set: (attributes) => span.setAttributes(attributes),
    fail: (errorType) => failed(span, errorType),
  };
}

const UNTRACED: WorkSpan = { set: () => undefined, fail: () => undefined };


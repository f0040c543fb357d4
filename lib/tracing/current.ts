import type { IncomingMessage, ServerResponse } from 'node:http';
import { TRACING_KEY } from '@/lib/edge/requestSpan.mjs';

/*
 * The running tracing, as the logger, the SQL layer, the upstream client and server.mjs reach it:
 * through globalThis, where lib/tracing/start.ts puts it when OTEL_EXPORTER_OTLP_ENDPOINT is set.
 * While tracing is off nothing is there, no part of the OpenTelemetry SDK is loaded, and each of
 * them pays one property read. Kept on globalThis because Next bundles route handlers, pages and
 * instrumentation separately: a module-level variable could exist more than once.
 */

export type SpanAttributes = Record<string, string | number | boolean>;

/** What a traced piece of work may say about itself while it runs. */
export type WorkSpan = {
  set(attributes: SpanAttributes): void;
  /** Marks the span failed, with a short machine word (a SQLSTATE, a failure kind): never a message, which may quote values. */
  fail(errorType: string): void;
};

export type SpanOptions = {
  kind?: 'internal' | 'client';
  attributes?: SpanAttributes;
  /** Only within a traced request: work outside one (migrations at start, the daily purge) makes no trace of its own. */
  onlyInTrace?: boolean;
};

export type Tracing = {
  /** The trace and span the code runs in (a request's), as a log line names them; undefined outside one. */
  ids(): { trace_id: string; span_id: string } | undefined;
  /** Runs work in a new span, a child of the active one, ended when the work settles; a throw marks it failed and is thrown on. */
  inSpan<T>(name: string, options: SpanOptions, work: (span: WorkSpan) => Promise<T>, errorType: (error: unknown) => string): Promise<T>;
  /** Serves a request inside its request span, the root of its trace (server.mjs, through lib/edge/requestSpan.mjs). */
  serve<T>(req: IncomingMessage, res: ServerResponse, serve: () => T): T;
  /** Adds the active span's W3C trace context (traceparent) to the headers of an outgoing request. */
  inject(headers: Record<string, string>): void;
  /** Sends what is still queued, then stops: called as the server stops (server.mjs). */
  close(): Promise<void>;
};

type Holder = { [TRACING_KEY]?: Tracing };

export function currentTracing(): Tracing | undefined {
  return (globalThis as Holder)[TRACING_KEY];
}

export function setCurrentTracing(tracing: Tracing | undefined): void {
  const holder = globalThis as Holder;
  if (tracing) holder[TRACING_KEY] = tracing;
  else delete holder[TRACING_KEY];
}

import { z } from 'zod';

/**
 * OpenTelemetry's own variables (docs/operations.md#tracing), checked here as every other setting
 * is; the exporter reads them itself, as OpenTelemetry defines them. Tracing is on when an OTLP
 * endpoint is set, the general one or the one for traces, and off (nothing loaded) otherwise.
 */

/** A header name as HTTP allows it (RFC 9110's token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * OTEL_EXPORTER_OTLP_HEADERS: `name=value,name=value`, values percent-encoded. They usually carry a
 * collector's API key: a message never quotes them, only the position of the entry that is wrong.
 */
export function otlpHeadersProblem(text: string): string | undefined {
  const entries = text.split(',');
  for (const [index, entry] of entries.entries()) {
    if (entry.trim() === '' && entries.length > 1) continue;
    const separator = entry.indexOf('=');
    const name = separator < 0 ? '' : entry.slice(0, separator).trim();
    const value = separator < 0 ? '' : entry.slice(separator + 1).trim();
    if (!HEADER_NAME.test(name) || value === '') return `entry ${index + 1} is not name=value (a header name, then its percent-encoded value)`;
    try {
      decodeURIComponent(value);
    } catch {
      return `the value of entry ${index + 1} (${name}) is not valid percent-encoding`;
    }
  }
  return undefined;
}

const headers = z.string().superRefine((text, ctx) => {
  const problem = otlpHeadersProblem(text);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The exporter this app carries sends OTLP over HTTP as JSON; every collector's OTLP/HTTP port (4318) takes it. */
const protocol = z.literal('http/json', { error: 'must be http/json: the app sends its traces as OTLP over HTTP in JSON (a collector takes it on its OTLP/HTTP port, 4318); http/protobuf and grpc are not built in' });

const endpoint = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL of an OTLP/HTTP receiver (a collector: http://localhost:4318)' });

/** The exporter appends v1/traces to the general endpoint as text: a query or fragment would swallow it. */
const baseEndpoint = endpoint.refine((url) => !/[?#]/.test(url), 'must have no query or fragment: v1/traces is appended to it (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT takes a full URL)');

export const tracingFields = {
  /** The collector's base URL; traces go to <URL>/v1/traces. Setting it (or the next) turns tracing on. */
  OTEL_EXPORTER_OTLP_ENDPOINT: baseEndpoint.optional(),
  /** The full URL traces go to, instead of <OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint.optional(),
  OTEL_EXPORTER_OTLP_HEADERS: headers.optional(),
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: headers.optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: protocol.optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: protocol.optional(),
  OTEL_EXPORTER_OTLP_TIMEOUT: z.coerce.number().int().positive().max(600_000).optional(),
  OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: z.coerce.number().int().positive().max(600_000).optional(),
  OTEL_EXPORTER_OTLP_COMPRESSION: z.enum(['gzip', 'none']).optional(),
  OTEL_EXPORTER_OTLP_TRACES_COMPRESSION: z.enum(['gzip', 'none']).optional(),
  /** service.name of every span: what the tracing backend lists the app as. */
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(200).default('assessment-web'),
};

export function tracingOn(env: { OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined; OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string | undefined }): boolean {
  return env.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined;
}

/** Where the traces go, for the start's log line: scheme, host and path; a user, password or query stays out. */
export function tracesDestination(env: { OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined; OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string | undefined }): string | undefined {
  const url = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (env.OTEL_EXPORTER_OTLP_ENDPOINT && `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`);
  if (!url) return undefined;
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

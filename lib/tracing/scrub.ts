import type { Attributes, AttributeValue } from '@opentelemetry/api';
import type { ReadableSpan, SpanExporter, TimedEvent } from '@opentelemetry/sdk-trace';
import { redactReason } from '@/lib/log/redactReason';

/**
 * The last step before spans leave the process. Paths of deep links carry the group code or the
 * ident code (/kodew/<group code>/<language>, /home/<ident code>), and Next records the path a
 * request asked for (http.target on its request and middleware spans) and the URL a fetch went to
 * (http.url, and in the fetch span's name). Here a path gives way to its route pattern
 * (/kodew/[[...params]]), as Next names the request span, or is dropped where no span says the
 * pattern; a URL keeps scheme, host and path only; an error's message and stack lose the values
 * they quote (redactReason). The app's own spans record no such thing in the first place.
 */

/** Attributes that hold the path (and query) a client asked for. */
const TARGET_KEYS = ['http.target', 'url.path', 'url.query', 'next.pathname'];
/** Attributes that hold a whole URL. */
const URL_KEYS = ['http.url', 'url.full'];
const ROUTE_KEYS = ['http.route', 'next.route'];
/** Attributes of exception events and the like that quote an error's text. */
const MESSAGE_KEYS = ['exception.message', 'exception.stacktrace', 'error.message'];
/** A URL inside a span name ("fetch POST http://upstream/api/…?x=y"). */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s]+/gi;

/** A URL without user, password, query and fragment; what does not parse is dropped. */
export function plainUrl(text: string): string | undefined {
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  return `${url.protocol}//${url.host}${url.pathname}`;
}

function scrubName(name: string): string {
  return name.replace(URL_IN_TEXT, (url) => plainUrl(url) ?? '[url]');
}

function routeOf(attributes: Attributes): string | undefined {
  for (const key of ROUTE_KEYS) {
    const route = attributes[key];
    if (typeof route === 'string' && route.startsWith('/')) return route;
  }
  return undefined;
}

function scrubMessage(value: AttributeValue | undefined): AttributeValue | undefined {
  return typeof value === 'string' ? redactReason(value) : value;
}

export function scrubAttributes(attributes: Attributes): Attributes {
  const route = routeOf(attributes);
  const scrubbed: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (TARGET_KEYS.includes(key)) {
      // The pattern where the span knows it; without one the path says nothing that may be kept.
      if (route !== undefined && key !== 'url.query') scrubbed[key] = route;
    } else if (URL_KEYS.includes(key)) {
      const url = typeof value === 'string' ? plainUrl(value) : undefined;
      if (url !== undefined) scrubbed[key] = url;
    } else if (MESSAGE_KEYS.includes(key)) {
      scrubbed[key] = scrubMessage(value);
    } else if (key === 'next.span_name' && typeof value === 'string') {
      scrubbed[key] = scrubName(value);
    } else {
      scrubbed[key] = value;
    }
  }
  return scrubbed;
}

export function scrubSpan(span: ReadableSpan): ReadableSpan {
  const events: TimedEvent[] = span.events.map((event) => ({ ...event, ...(event.attributes && { attributes: scrubAttributes(event.attributes) }) }));
  return {
    name: scrubName(span.name),
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status: span.status.message === undefined ? span.status : { ...span.status, message: redactReason(span.status.message) },
    attributes: scrubAttributes(span.attributes),
    links: span.links,
    events,
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/** The exporter that sends every span scrubbed. */
export function scrubbingExporter(exporter: SpanExporter): SpanExporter {
  return {
    export: (spans, done) => exporter.export(spans.map(scrubSpan), done),
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

import { captureOutput } from './captureOutput';
import { logEvent } from './logger';
import { traceInMemory } from '@/lib/tracing/testTracing';

describe('a log line names the trace of the request it was written in', () => {
  it('with tracing on: trace_id and span_id of the active span, the same the collector receives', async () => {
    const tracing = traceInMemory();
    const output = captureOutput();
    try {
      await tracing.inRequest(async () => logEvent('warn', 'mail_not_sent', { failure: 'unreachable' }));
      logEvent('info', 'outside_a_request');
    } finally {
      output.restore();
    }
    const [request] = await tracing.stop();
    const [inside, outside] = output.events();
    expect(inside).toMatchObject({ event: 'mail_not_sent', trace_id: request!.spanContext().traceId, span_id: request!.spanContext().spanId });
    expect(outside!.event).toBe('outside_a_request');
    expect(outside).not.toHaveProperty('trace_id');
  });

  it('with tracing off: no trace fields', () => {
    const output = captureOutput();
    try {
      logEvent('info', 'plain');
    } finally {
      output.restore();
    }
    expect(Object.keys(output.events()[0]!)).toEqual(['time', 'level', 'event']);
  });
});

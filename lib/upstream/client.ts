import { CALLS, type CallPath, type RequestOf, type ResponseOf } from '@/lib/api/catalogue';
import { DetailCode, StatusCode } from '@/lib/api/codes';
import { logEvent, newExceptionId } from '@/lib/log/logger';
import { logOnce } from '@/lib/log/once';
import { countCall } from '@/lib/metrics/calls';
import { currentMetrics } from '@/lib/metrics/current';
import { EmbeddedUnavailableError, isTimeout, transport, type TransportOptions } from './transport';

/**
 * Why a call produced no usable answer; the proxy maps it to 502 or 504, and 'not-available' (the
 * upstream answered HTTP 404: it does not offer this call, e.g. a flow not built yet) to a 404.
 */
export type FailureKind = 'unreachable' | 'timeout' | 'http-error' | 'not-json' | 'bad-shape' | 'no-database' | 'not-available';

export type CallResult<P extends CallPath> = { response: ResponseOf<P>; failure?: FailureKind };

export { isTimeout };

/**
 * Why the upstream could not be reached: the error's message with its cause's (fetch says "fetch
 * failed", its cause what failed). Read by shape, since an error from another realm (a test's VM)
 * is no instance of this one's Error.
 */
export function unreachableReason(error: unknown): string {
  const { message, cause } = (typeof error === 'object' && error !== null ? error : {}) as { message?: unknown; cause?: unknown };
  if (typeof message !== 'string') return String(error);
  if (!cause) return message;
  const causeMessage = typeof cause === 'object' && 'message' in cause ? (cause as { message: unknown }).message : cause;
  return `${message} (${String(causeMessage)})`;
}

/**
 * The one function that sends a call to the upstream. Server components call it directly; the
 * proxy route handler calls it for the browser. Every failure becomes the spec's Exception
 * outcome, logged once as a JSON line whose id is the Detail-Code the error page shows. With
 * metrics on, its outcome counts (lib/metrics/calls.ts): a page saved, a login, a payment.
 */
export async function sendCall<P extends CallPath>(path: P, body: RequestOf<P>, options: TransportOptions = {}): Promise<CallResult<P>> {
  const result = await sendOnce(path, body, options);
  const metrics = currentMetrics();
  if (metrics) countCall(metrics, path, body, result.response, result.failure !== undefined);
  return result;
}

async function sendOnce<P extends CallPath>(path: P, body: RequestOf<P>, options: TransportOptions): Promise<CallResult<P>> {
  const spec = CALLS[path];
  const fail = (failure: FailureKind, reason: string): CallResult<P> => {
    const exceptionId = newExceptionId();
    logEvent('error', 'upstream_failure', { id: exceptionId, path, failure, reason });
    const detailCode = failure === 'no-database' ? DetailCode.NoDatabaseConnection : DetailCode.Exception;
    const outcome = { statusCode: StatusCode.Exception, detailCode, exceptionId };
    // Image calls answer with text; their failure is still the JSON outcome.
    return { response: (spec.kind === 'image' ? outcome : spec.response.parse(outcome)) as ResponseOf<P>, failure };
  };

  const notAvailable = (): CallResult<P> => {
    // Anyone can send valid calls to such a path: one warning per path and process, not one per call.
    logOnce(`not-available ${path}`, 'warn', 'upstream_call_not_available', { path, reason: 'HTTP 404' });
    // No exception id: the error page would show an id that no log line carries after the first.
    const outcome = { statusCode: StatusCode.Exception, detailCode: DetailCode.Exception };
    return { response: (spec.kind === 'image' ? outcome : spec.response.parse(outcome)) as ResponseOf<P>, failure: 'not-available' };
  };

  let response: Response;
  try {
    response = await transport(path, JSON.stringify(body), options);
  } catch (error) {
    if (error instanceof EmbeddedUnavailableError) return fail('no-database', error.message);
    if (isTimeout(error)) return fail('timeout', 'no answer in time');
    return fail('unreachable', unreachableReason(error));
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 404) return notAvailable();
    return fail('http-error', `HTTP ${response.status}`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return fail(isTimeout(error) ? 'timeout' : 'unreachable', 'answer broke off');
  }
  if (spec.kind === 'image') {
    const contentType = response.headers.get('content-type') ?? '';
    if (contentType.includes('json')) {
      const parsed = safeJson(text);
      if (parsed && typeof parsed === 'object' && 'statusCode' in parsed) return { response: parsed as ResponseOf<P> };
    }
    return { response: text as ResponseOf<P> };
  }
  const parsedJson = safeJson(text);
  if (parsedJson === undefined) return fail('not-json', `answer is not JSON (${response.headers.get('content-type') ?? 'no content type'})`);
  const parsed = spec.response.safeParse(parsedJson);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail('bad-shape', `answer does not fit the contract at ${issue?.path.join('.') || 'body'}: ${issue?.message ?? ''}`);
  }
  return { response: parsed.data as ResponseOf<P> };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

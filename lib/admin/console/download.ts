import type { Database } from '@/lib/embedded-api/db/database';
import { logEvent } from '@/lib/log/logger';
import type { ConsoleActionName } from '../operators/roles';
import type { ConsoleSession } from '../operators/sessions';
import { guard } from './guard';
import { consoleRequest } from './request';

/**
 * A console download (a route handler, GET): the same session and role checks as a page, a JSON
 * refusal naming the problem otherwise, and the body streamed as the chunks come, so that a large
 * export never sits in memory whole. The generator gets the session (for the privacy audit's "by").
 * The first chunk is read before the answer starts: a DownloadProblem thrown up to then (an unknown
 * questionnaire, nobody found) is answered as a JSON refusal with its status instead of a broken file.
 */
export class DownloadProblem extends Error {
  constructor(readonly status: 400 | 404, readonly problem: string) {
    super(problem);
    this.name = 'DownloadProblem';
  }
}

export async function consoleDownload(
  action: ConsoleActionName,
  filename: string,
  contentType: string,
  chunks: (db: Database, session: ConsoleSession) => AsyncGenerator<string, unknown>,
): Promise<Response> {
  const request = await consoleRequest();
  const result = await guard(request.db, { cookie: request.cookie, action, secret: request.config.sessionSecret, limits: request.limits });
  if (!result.ok) {
    return Response.json({ error: result.refusal.problem }, { status: result.refusal.status, headers: { 'cache-control': 'no-store' } });
  }
  const encoder = new TextEncoder();
  const source = chunks(request.db, result.session);
  let first: IteratorResult<string, unknown> | undefined;
  try {
    first = await source.next();
  } catch (error) {
    if (!(error instanceof DownloadProblem)) throw error;
    return Response.json({ error: error.problem }, { status: error.status, headers: { 'cache-control': 'no-store' } });
  }
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = first ?? (await source.next());
        first = undefined;
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        logEvent('error', 'console_download_failed', { action, reason: error instanceof Error ? error.message : String(error) });
        controller.error(error);
      }
    },
    async cancel() {
      await source.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

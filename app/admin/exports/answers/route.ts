import { answersExportChunks, exportFileOf, exportRequestOf, isExportable } from '@/lib/admin/answersExport';
import { consoleDownload } from '@/lib/admin/console/download';
import { consoleRequest } from '@/lib/admin/console/request';
import { sessionOf } from '@/lib/admin/operators/sessions';
import { withBasePath } from '@/lib/edge/basePath.mjs';

export const dynamic = 'force-dynamic';

/** Back to the form, with what was chosen and what was wrong with it. */
function backToForm(params: URLSearchParams, problem: string): Response {
  const back = new URLSearchParams(params);
  back.set('problem', problem);
  return new Response(null, { status: 303, headers: { location: withBasePath(`/admin/exports?${back}`), 'cache-control': 'no-store' } });
}

/**
 * The answers of one questionnaire as a file, streamed page by page (EXPORT_PAGE_SIZE rows a query):
 * the same rows and columns as `export`. A client that goes away cancels the stream, and the
 * export stops before its next page (lib/admin/pushedChunks.ts).
 */
export async function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const parsed = exportRequestOf(params);
  if (!parsed.ok) return backToForm(params, parsed.problem);
  const current = await consoleRequest();
  // Whether the key exists is told only to someone signed in; consoleDownload answers everyone else.
  const session = await sessionOf(current.db, current.cookie, current.limits);
  if (session && !(await isExportable(current.db, parsed.request.questionnaireKey))) return backToForm(params, 'unknown');
  const { filename, contentType } = exportFileOf(parsed.request);
  return consoleDownload('answersExport', filename, contentType, (db) => answersExportChunks(db, parsed.request, `console: ${session?.email ?? 'unknown'}`));
}

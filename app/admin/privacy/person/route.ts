import { pushedChunks } from '@/lib/admin/pushedChunks';
import { consoleDownload, DownloadProblem } from '@/lib/admin/console/download';
import { exportPersonAudited, personQueryOf } from '@/lib/admin/privacy';

export const dynamic = 'force-dynamic';

/**
 * A person's data as JSON, as `privacy export` writes it, recorded in the privacy audit by the
 * operator's address; nobody found is a 404 with nothing recorded. A GET (server.mjs lets a page
 * path take a POST only as a server action): the code is in the address, which the app logs
 * nowhere and which the console answers with no-store and no referrer.
 */
export async function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const query = personQueryOf(params.get('kind'), params.get('code'));
  return consoleDownload('privacyExport', 'person-export.json', 'application/json; charset=utf-8', async function* (db, session) {
    if (!query) throw new DownloadProblem(400, 'missing');
    const exported = yield* pushedChunks((write) => exportPersonAudited(db, query, session.email, { write }));
    if (!exported) throw new DownloadProblem(404, 'notFound');
  });
}

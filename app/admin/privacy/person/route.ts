import { chunksOf } from '@/lib/admin/chunks';
import { consoleDownload, DownloadProblem } from '@/lib/admin/console/download';
import { exportPersonAudited, personQueryOf } from '@/lib/admin/privacy';

export const dynamic = 'force-dynamic';

/**
 * A person's data as JSON, as `privacy export` writes it, recorded in the privacy audit by the
 * operator's address. Posted from the privacy page, so that the code is in no address or log;
 * nobody found is a 404 with nothing recorded.
 */
export async function POST(request: Request) {
  const form = await request.formData().catch(() => undefined);
  const query = personQueryOf(form?.get('kind'), form?.get('code'));
  return consoleDownload('privacyExport', 'person-export.json', 'application/json; charset=utf-8', async function* (db, session) {
    if (!query) throw new DownloadProblem(400, 'missing');
    const exported = yield* chunksOf((write) => exportPersonAudited(db, query, session.email, { write }));
    if (!exported) throw new DownloadProblem(404, 'notFound');
  });
}

import { pushedChunks } from '@/lib/admin/pushedChunks';
import { consoleDownload, DownloadProblem } from '@/lib/admin/console/download';
import { CSV, EXCEL_CSV } from '@/lib/admin/csv';
import { UnknownExportError } from '@/lib/admin/export';
import { exportAnonymousAudited } from '@/lib/admin/privacy';

export const dynamic = 'force-dynamic';

/** The anonymous export of one questionnaire (`export --anonymous`), recorded in the privacy audit by the operator's address. */
export async function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const questionnaireKey = (params.get('questionnaire') ?? '').trim().slice(0, 200);
  const excel = params.get('excel') === '1';
  const options = { questionnaireKey, format: 'csv' as const, finishedOnly: params.get('finished') === '1', dialect: excel ? EXCEL_CSV : CSV };
  return consoleDownload('privacyAnonymousExport', 'answers-anonymous.csv', 'text/csv; charset=utf-8', async function* (db, session) {
    if (questionnaireKey === '') throw new DownloadProblem(400, 'missing');
    try {
      yield* pushedChunks((write) => exportAnonymousAudited(db, options, session.email, { write }));
    } catch (error) {
      if (error instanceof UnknownExportError) throw new DownloadProblem(404, 'unknownQuestionnaire');
      throw error;
    }
  });
}

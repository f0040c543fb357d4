import { pageSession } from '@/lib/admin/console/request';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { latestAudit } from '@/lib/admin/operators/audit';
import { withBasePath } from '@/lib/edge/basePath.mjs';
import { Refusal } from '@/components/console/Refusal';
import { ConsoleTable } from '@/components/console/ConsoleTable';
import { ConsoleHeading } from '@/components/console/ConsoleHeading';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 100;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The audit log, newest first, a hundred at a time; the whole of it as CSV. */
export default async function AuditPage({ searchParams }: Props) {
  const page = await pageSession('auditRead');
  if ('refusal' in page) return <Refusal refusal={page.refusal} language={page.request.language} />;
  const t = consoleTranslator(page.language, 'audit');
  const before = Number((await searchParams).before);
  const rows = await latestAudit(page.db, PAGE_SIZE, Number.isSafeInteger(before) && before > 0 ? before : undefined);
  const format = new Intl.DateTimeFormat(page.language, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/Berlin' });
  return (
    <>
      <ConsoleHeading title={t('title')} language={page.language} />
      <p>{t('intro')}</p>
      <p>
        <a href={withBasePath('/admin/audit/csv')} download>{t('download')}</a>
      </p>
      {rows.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ConsoleTable id="audit" caption={t('caption', { count: rows.length })} columns={[t('when'), t('who'), t('what'), t('subject'), t('details')]}>
          {rows.map((row) => (
            <tr key={row.id}>
              <td><time dateTime={row.at.toISOString()}>{format.format(row.at)}</time></td>
              <td>{row.operator}</td>
              <td>{row.action}</td>
              <td>{row.subject}</td>
              <td>{Object.entries(row.details).map(([key, value]) => `${key}: ${value}`).join(', ')}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {rows.length === PAGE_SIZE && (
        <p>
          <a href={withBasePath(`/admin/audit?before=${rows.at(-1)!.id}`)}>{t('older')}</a>
        </p>
      )}
    </>
  );
}

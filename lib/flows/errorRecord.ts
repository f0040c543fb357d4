import { DetailCode } from '@/lib/api/statusCodes';

/**
 * The stored error record of spec §3, carried to the error page in its address. codeTyped: the
 * ident code was typed on /home rather than taken from a link, which changes how it is told.
 */
export type ErrorRecord = { statusCode: number; detailCode: number; exceptionId?: string; codeTyped?: true };

const EXCEPTION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The address of the error page for a record. Its own module, light enough for every form's
 * bundle: the messages (./errorPage.ts) pull in the group variants' table, which no login form needs.
 */
export function errorPageUrl(record: ErrorRecord, page: '/error' | '/info' = '/error'): string {
  const query = new URLSearchParams({ statusCode: String(record.statusCode), detailCode: String(record.detailCode) });
  if (record.exceptionId && EXCEPTION_ID.test(record.exceptionId)) query.set('exceptionId', record.exceptionId);
  if (record.codeTyped) query.set('typed', '1');
  return `${page}?${query}`;
}

/** Reads the record back; an address without one (or with nonsense) means no stored error. */
export function parseErrorRecord(params: Record<string, string | string[] | undefined>): ErrorRecord | undefined {
  const one = (name: string) => {
    const value = params[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const code = /^\d{1,3}$/;
  const status = one('statusCode');
  if (!status || !code.test(status)) return undefined;
  const statusCode = Number(status);
  const detailText = one('detailCode');
  const detail = detailText && code.test(detailText) ? Number(detailText) : DetailCode.NoDetails;
  const exceptionId = one('exceptionId');
  return {
    statusCode,
    detailCode: detail,
    ...(exceptionId && EXCEPTION_ID.test(exceptionId) && { exceptionId }),
    ...(one('typed') === '1' && { codeTyped: true as const }),
  };
}

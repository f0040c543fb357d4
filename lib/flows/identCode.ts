import { StatusCode } from '@/lib/api/codes';
import { errorPageUrl } from './errorRecord';

export type IdentCodeOutcome = { goTo: string };

/**
 * After the ident code (spec §4): on Ok the assessor registers first when the server says so,
 * otherwise the access code follows. Every other status, and a failed call, goes to the error page,
 * which tells a typed code apart from one in the link (options.typed).
 */
export function routeAfterIdentCode(
  response: {
    statusCode: number;
    detailCode: number;
    exceptionId?: string | null;
    assessorMustRegister?: boolean | null;
  },
  options: { typed?: boolean } = {},
): IdentCodeOutcome {
  if (response.statusCode !== StatusCode.Ok) {
    return {
      goTo: errorPageUrl({
        statusCode: response.statusCode,
        detailCode: response.detailCode,
        exceptionId: response.exceptionId ?? undefined,
        ...(options.typed && { codeTyped: true as const }),
      }),
    };
  }
  return { goTo: response.assessorMustRegister ? '/register' : '/accesscode' };
}

import { StatusCode } from '@/lib/api/statusCodes';
import { errorPage, type GoTo, type ToErrorPage } from './outcome';

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
): GoTo | ToErrorPage {
  if (response.statusCode !== StatusCode.Ok) return errorPage(response, options.typed ? { codeTyped: true } : {});
  return { kind: 'go', to: response.assessorMustRegister ? '/register' : '/accesscode' };
}

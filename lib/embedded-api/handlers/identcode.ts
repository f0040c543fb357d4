import { DetailCode, ExtraDetailCode, StatusCode } from '@/lib/api/codes';
import { languageOf, type ApiAnswer, type ApiContext } from '../context';
import { mayRegisterWithIdentCode } from '../authority';
import { identCodeLogo, loadBranding, themeFor } from '../branding';
import { lookUpIdentCode } from '../guessing';
import { issueToken } from '../tokens';

/** Ident codes are 8 or 9 characters of letters and digits. */
export const IDENT_CODE_PATTERN = /^[A-Za-z0-9]{8,9}$/;

/**
 * The answer while an address has used up its unknown ident codes; the error page shows
 * ErrorIdentCodeLocked for it (lib/flows/errorPage.ts). Even a known code gets it, so that the
 * answer tells nothing about the code.
 */
export const IDENT_CODE_LOCKED: ApiAnswer = { statusCode: StatusCode.AssessmentIdentCodeIsInvalid, detailCode: ExtraDetailCode.TooManyUnknownCodes };

/**
 * submit/kodekodex/identcode: the token in the body is not read, the ident code is the credential.
 * The answer is a not-logged-in token that speaks for the assessment and carries nothing personal.
 */
export async function submitIdentCode(body: { assessmentIdentCode: string; questionnaireLanguage?: string }, ctx: ApiContext): Promise<ApiAnswer> {
  const code = body.assessmentIdentCode.replace(/\s+/g, '');
  const invalid = (detailCode: number): ApiAnswer => ({ statusCode: StatusCode.AssessmentIdentCodeIsInvalid, detailCode });
  // Malformed codes never reach the database: they cannot be anyone's, so they are not counted.
  if (!code) return invalid(DetailCode.UrlCodeIsEmpty);
  if (code.length < 8 || code.length > 9) return invalid(DetailCode.UrlCodeHasInvalidLength);
  if (!IDENT_CODE_PATTERN.test(code)) return invalid(DetailCode.UnknownAssessmentCode);
  const row = await lookUpIdentCode(ctx, code);
  if (row === 'locked') return IDENT_CODE_LOCKED;
  // Read for a known and an unknown code alike, so that neither takes longer.
  const branding = await loadBranding(ctx.db);
  // A token is signed either way, so that a known and an unknown code cost the same time.
  const token = issueToken({ product: (row?.product ?? 0) as never, isLoggedIn: false, ...(row && { assessment: row.id }) }, ctx);
  if (!row) return invalid(DetailCode.UnknownAssessmentCode);
  if (row.finished_at) return { statusCode: StatusCode.AssessmentAlreadyFinished, detailCode: DetailCode.NoDetails };
  if (row.valid_until && new Date(row.valid_until).getTime() < ctx.now) {
    return { statusCode: StatusCode.AssessmentIdentCodeIsExpired, detailCode: DetailCode.NoDetails };
  }
  return {
    statusCode: StatusCode.Ok,
    detailCode: DetailCode.NoDetails,
    token,
    // A language in the deep link (/home/{code}/{language}/…) wins over the assessment's.
    uiLanguage: languageOf(body.questionnaireLanguage ?? row.ui_language),
    questionnaireLanguage: languageOf(body.questionnaireLanguage ?? row.questionnaire_language),
    stylesheet: themeFor(row.stylesheet, branding),
    ...identCodeLogo(branding),
    // Straight to /register only where the ident code's holder may register (no key yet); an
    // assessor with a key logs in first and is sent there by the login's answer.
    assessorMustRegister: mayRegisterWithIdentCode(row.must_register, row.has_key),
  };
}

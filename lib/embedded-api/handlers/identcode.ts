import { DetailCode, StatusCode } from '@/lib/api/codes';
import { languageOf, type ApiAnswer, type ApiContext } from '../context';
import { issueToken } from '../tokens';

type Row = {
  id: number;
  product: number;
  ui_language: string;
  questionnaire_language: string;
  stylesheet: string;
  finished_at: Date | null;
  valid_until: Date | null;
  must_register: boolean;
};

/** Ident codes are 8 or 9 characters of letters and digits. */
export const IDENT_CODE_PATTERN = /^[A-Za-z0-9]{8,9}$/;

export async function submitIdentCode(body: { assessmentIdentCode: string; questionnaireLanguage?: string }, ctx: ApiContext): Promise<ApiAnswer> {
  const code = body.assessmentIdentCode.replace(/\s+/g, '');
  const invalid = (detailCode: number): ApiAnswer => ({ statusCode: StatusCode.AssessmentIdentCodeIsInvalid, detailCode });
  if (!code) return invalid(DetailCode.UrlCodeIsEmpty);
  if (code.length < 8 || code.length > 9) return invalid(DetailCode.UrlCodeHasInvalidLength);
  if (!IDENT_CODE_PATTERN.test(code)) return invalid(DetailCode.UnknownAssessmentCode);
  const [row] = await ctx.db.query<Row>(
    `select a.id, a.product, a.ui_language, a.questionnaire_language, a.stylesheet, a.finished_at, a.valid_until, s.must_register
       from assessment a join assessor s on s.id = a.assessor_id where upper(a.ident_code) = upper($1)`,
    [code],
  );
  if (!row) return invalid(DetailCode.UnknownAssessmentCode);
  if (row.finished_at) return { statusCode: StatusCode.AssessmentAlreadyFinished, detailCode: DetailCode.NoDetails };
  if (row.valid_until && new Date(row.valid_until).getTime() < ctx.now) {
    return { statusCode: StatusCode.AssessmentIdentCodeIsExpired, detailCode: DetailCode.NoDetails };
  }
  const token = issueToken({ product: row.product as never, isLoggedIn: false, assessment: row.id }, ctx);
  return {
    statusCode: StatusCode.Ok,
    detailCode: DetailCode.NoDetails,
    token,
    // A language in the deep link (/home/{code}/{language}/…) wins over the assessment's.
    uiLanguage: languageOf(body.questionnaireLanguage ?? row.ui_language),
    questionnaireLanguage: languageOf(body.questionnaireLanguage ?? row.questionnaire_language),
    stylesheet: row.stylesheet,
    logoDataBase64: null,
    logoFileExtension: null,
    assessorMustRegister: row.must_register,
  };
}

import type { CallPath } from '@/lib/api/catalogue';
import { GROUP_VARIANTS, groupVariant, type GroupVariant } from '@/lib/flows/groupVariants';
import type { ApiAnswer, ApiContext } from './context';
import { submitIdentCode } from './handlers/identcode';
import { submitAccessCodeLogin } from './handlers/login';
import { errorPageInfo, headerFooterPageInfo } from './handlers/pageinfo';
import { finishAssessment } from './handlers/finish';
import { accessCodePageInfo } from './handlers/accessCodePage';
import { groupPersonalInfoPage, submitGroupPersonalInfo } from './handlers/groupPersonalInfo';
import { GROUP_LOGIN_HANDLERS } from './handlers/groupLogin';
import { loadImage } from './handlers/image';
import { accessPasswordPage, registerPage, submitAccessPassword, submitRegister } from './handlers/personalKey';
import { portalPage, submitInvoice, submitPaid } from './handlers/portal';
import { questionnairePage } from './handlers/questionnaire';
import { sendAccessCode } from './handlers/sendAccessCode';
import { generalPageInfo, selectionPage, submitSelection } from './handlers/selection';
import { withRenewal } from './renewal';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are validated by the contract before a handler runs
type Handler = (body: any, ctx: ApiContext) => Promise<ApiAnswer | string>;

/** A group variant's calls, from its row of the variant table: each variant answers the same way. */
function groupRoutes(variant: GroupVariant): Partial<Record<CallPath, Handler>> {
  const { calls } = groupVariant(variant);
  return {
    [calls.loginPage]: GROUP_LOGIN_HANDLERS[variant].page,
    [calls.login]: GROUP_LOGIN_HANDLERS[variant].submit,
    [calls.personalPage]: withRenewal(groupPersonalInfoPage(variant)),
    [calls.personal]: submitGroupPersonalInfo(variant),
    ...(calls.sendAccessCode && { [calls.sendAccessCode]: sendAccessCode(variant) }),
    ...(calls.selectionPage && { [calls.selectionPage]: withRenewal(selectionPage(variant)) }),
    ...(calls.selection && { [calls.selection]: submitSelection(variant) }),
  };
}

/** The calls the embedded API answers so far; the flows' issues add theirs. */
export const ROUTES: Partial<Record<CallPath, Handler>> = {
  // The manual, the finished page and /kodewinfo (category kodewinfo: the group's info texts).
  pageinfo: withRenewal(generalPageInfo),
  'pageinfo/headerfooter': headerFooterPageInfo,
  'pageinfo/error': errorPageInfo,
  'pageinfo/kodekodex/login': withRenewal(accessCodePageInfo),
  'submit/kodekodex/identcode': submitIdentCode,
  'submit/kodekodex/login': submitAccessCodeLogin,
  'pageinfo/kodekodex/personalinfo': withRenewal(accessPasswordPage),
  'submit/kodekodex/personalinfo': submitAccessPassword,
  'pageinfo/kodekodex/register': withRenewal(registerPage),
  'submit/kodekodex/register': submitRegister,
  'pageinfo/questionnaire': questionnairePage,
  'submit/finishassessment': finishAssessment,
  loadImage,
  ...GROUP_VARIANTS.reduce((routes, variant) => ({ ...routes, ...groupRoutes(variant) }), {}),
  // The portal: no token; the proxy binds payment reports to the session's transactions.
  'pageinfo/portal/login': portalPage,
  'submit/portal/invoiceinfo': submitInvoice,
  'submit/portal/sucessfullyPaid': submitPaid,
};

import type { CallPath } from '@/lib/api/catalogue';
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
  'pageinfo/kodew/personalinfo': withRenewal(groupPersonalInfoPage('kodew')),
  'submit/kodew/personalinfo': submitGroupPersonalInfo('kodew'),
  'pageinfo/kodew/login': GROUP_LOGIN_HANDLERS.kodew.page,
  'submit/kodew/login': GROUP_LOGIN_HANDLERS.kodew.submit,
  loadImage,
  'submit/kodew/sendaccesscode': sendAccessCode('kodew'),
  'pageinfo/kodew/assessmentselection': withRenewal(selectionPage('kodew')),
  'submit/kodew/assessmentselection': submitSelection('kodew'),
  'pageinfo/ra/login': GROUP_LOGIN_HANDLERS.ra.page,
  'submit/ra/login': GROUP_LOGIN_HANDLERS.ra.submit,
  'pageinfo/ra/personalinfo': withRenewal(groupPersonalInfoPage('ra')),
  'submit/ra/personalinfo': submitGroupPersonalInfo('ra'),
  // The other group flow (issue 9): the same parts, its own variant.
  'pageinfo/kodegroupcode/login': GROUP_LOGIN_HANDLERS.kodegroupcode.page,
  'submit/kodegroupcode/login': GROUP_LOGIN_HANDLERS.kodegroupcode.submit,
  'pageinfo/kodegroupcode/personalinfo': withRenewal(groupPersonalInfoPage('kodegroupcode')),
  'submit/kodegroupcode/personalinfo': submitGroupPersonalInfo('kodegroupcode'),
  'submit/kodegroupcode/sendaccesscode': sendAccessCode('kodegroupcode'),
  // The portal (issue 10): no token; the proxy binds payment reports to the session's transactions.
  'pageinfo/portal/login': portalPage,
  'submit/portal/invoiceinfo': submitInvoice,
  'submit/portal/sucessfullyPaid': submitPaid,
};

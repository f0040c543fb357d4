import { z } from 'zod';
import { baseResponse, pageInfoResponse } from './schemas/common';
import {
  groupCodePageInfoRequest,
  generalPageInfoResponse,
  headerFooterResponse,
  identCodePageInfoRequest,
  loadImageRequest,
  plainPageInfoRequest,
} from './schemas/pageinfo';
import { finishRequest, finishResponse, questionnairePageInfoRequest, questionnairePageResponse } from './schemas/questionnaire';
import {
  accessCodeLoginRequest,
  accessCodeLoginResponse,
  groupLoginRequest,
  groupLoginResponse,
  identCodeRequest,
  identCodeResponse,
  raLoginRequest,
} from './schemas/login';
import {
  accessPasswordPageResponse,
  accessPasswordRequest,
  groupPersonalInfoPageResponse,
  groupPersonalInfoRequest,
  raPersonalInfoPageResponse,
  raPersonalInfoRequest,
  registerPageResponse,
  registerRequest,
  selectionPageResponse,
  selectionRequest,
  sendAccessCodeRequest,
  signedInResponse,
} from './schemas/personalinfo';
import { invoiceRequest, invoiceResponse, paidRequest, portalPageResponse } from './schemas/portal';
import { GROUP_LOGIN, GROUP_PERSONAL_INFO, NO_EFFECTS, onLogin, onOk, type CallSessionEffects } from './sessionEffects';

type CallKind = 'pageinfo' | 'submit' | 'image';
type CallSpec = { kind: CallKind; request: z.ZodObject; response: z.ZodType; session: CallSessionEffects };

function call<Req extends z.ZodObject, Res extends z.ZodType>(kind: CallKind, request: Req, response: Res, session = NO_EFFECTS) {
  return { kind, request, response, session };
}

/**
 * Every call of spec §7, keyed by its path below {api}. Nothing else passes the proxy. The last
 * column is what an answer changes in the session (./sessionEffects.ts); none where left out.
 */
export const CALLS = {
  pageinfo: call('pageinfo', plainPageInfoRequest, generalPageInfoResponse),
  'pageinfo/headerfooter': call('pageinfo', plainPageInfoRequest, headerFooterResponse),
  'pageinfo/error': call('pageinfo', plainPageInfoRequest, pageInfoResponse),
  'pageinfo/kodekodex/login': call('pageinfo', identCodePageInfoRequest, pageInfoResponse),
  'pageinfo/kodekodex/personalinfo': call('pageinfo', plainPageInfoRequest, accessPasswordPageResponse),
  'pageinfo/kodekodex/register': call('pageinfo', plainPageInfoRequest, registerPageResponse),
  'pageinfo/questionnaire': call('pageinfo', questionnairePageInfoRequest, questionnairePageResponse, onOk('questionnairePage')),
  'pageinfo/ra/login': call('pageinfo', groupCodePageInfoRequest, pageInfoResponse),
  'pageinfo/ra/personalinfo': call('pageinfo', plainPageInfoRequest, raPersonalInfoPageResponse),
  'pageinfo/kodew/login': call('pageinfo', groupCodePageInfoRequest, pageInfoResponse),
  'pageinfo/kodew/personalinfo': call('pageinfo', plainPageInfoRequest, groupPersonalInfoPageResponse),
  'pageinfo/kodew/assessmentselection': call('pageinfo', plainPageInfoRequest, selectionPageResponse),
  'pageinfo/kodegroupcode/login': call('pageinfo', groupCodePageInfoRequest, pageInfoResponse),
  'pageinfo/kodegroupcode/personalinfo': call('pageinfo', plainPageInfoRequest, groupPersonalInfoPageResponse),
  'pageinfo/portal/login': call('pageinfo', identCodePageInfoRequest.extend({ groupCodeIdent: z.string().max(200).optional() }).strict(), portalPageResponse),
  loadImage: call('image', loadImageRequest, z.string()),
  'submit/kodekodex/identcode': call(
    'submit',
    identCodeRequest,
    identCodeResponse,
    onOk('newParticipant', 'startAtPageOne', 'noResume', 'showLanguageSelection', 'signInPath', 'chosenOrAnswerLanguages', 'branding'),
  ),
  'submit/kodekodex/login': call(
    'submit',
    accessCodeLoginRequest,
    accessCodeLoginResponse,
    onLogin('startAtPageOne', 'resume', 'showLanguageSelection', 'accessCodeStep', 'newSessionId'),
  ),
  'submit/kodekodex/personalinfo': call('submit', accessPasswordRequest, signedInResponse, onLogin('startAtPageOne', 'keySavedStep')),
  'submit/kodekodex/register': call('submit', registerRequest, signedInResponse, onLogin('startAtPageOne', 'keySavedStep', 'newSessionIdIfNewLogin')),
  'submit/ra/login': call('submit', raLoginRequest, groupLoginResponse, GROUP_LOGIN),
  'submit/kodew/login': call('submit', groupLoginRequest, groupLoginResponse, GROUP_LOGIN),
  'submit/kodegroupcode/login': call('submit', groupLoginRequest, groupLoginResponse, GROUP_LOGIN),
  'submit/finishassessment': call('submit', finishRequest, finishResponse, onOk('logout', 'startAtPageOne', 'noResume')),
  'submit/kodew/personalinfo': call('submit', groupPersonalInfoRequest, signedInResponse, GROUP_PERSONAL_INFO),
  'submit/kodegroupcode/personalinfo': call('submit', groupPersonalInfoRequest, signedInResponse, GROUP_PERSONAL_INFO),
  'submit/ra/personalinfo': call('submit', raPersonalInfoRequest, signedInResponse, GROUP_PERSONAL_INFO),
  'submit/kodew/sendaccesscode': call('submit', sendAccessCodeRequest, baseResponse),
  'submit/kodegroupcode/sendaccesscode': call('submit', sendAccessCodeRequest, baseResponse),
  'submit/kodew/assessmentselection': call('submit', selectionRequest, baseResponse, onLogin('startAtPageOne', 'resume')),
  'submit/portal/invoiceinfo': call('submit', invoiceRequest, invoiceResponse, onOk('recordTransaction')),
  'submit/portal/sucessfullyPaid': call('submit', paidRequest, baseResponse, onOk('clearTransactions')),
} satisfies Record<string, CallSpec>;

export type CallPath = keyof typeof CALLS;
export type RequestOf<P extends CallPath> = z.input<(typeof CALLS)[P]['request']>;
export type ResponseOf<P extends CallPath> = z.output<(typeof CALLS)[P]['response']>;

export const CALL_PATHS = Object.keys(CALLS) as CallPath[];

export function isCallPath(path: string): path is CallPath {
  return Object.hasOwn(CALLS, path);
}

/**
 * What a browser may send for a call: the request without the token, which the proxy injects
 * from the session. Still strict, so a smuggled token is refused by name.
 */
export function browserRequestSchema(path: CallPath): z.ZodObject {
  const request: z.ZodObject = CALLS[path].request;
  return request.omit({ token: true }).strict();
}

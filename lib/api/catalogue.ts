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

type CallKind = 'pageinfo' | 'submit' | 'image';
type CallSpec = { kind: CallKind; request: z.ZodObject; response: z.ZodType };

function call<Req extends z.ZodObject, Res extends z.ZodType>(kind: CallKind, request: Req, response: Res) {
  return { kind, request, response };
}

/** Every call of spec §7, keyed by its path below {api}. Nothing else passes the proxy. */
export const CALLS = {
  pageinfo: call('pageinfo', plainPageInfoRequest, generalPageInfoResponse),
  'pageinfo/headerfooter': call('pageinfo', plainPageInfoRequest, headerFooterResponse),
  'pageinfo/error': call('pageinfo', plainPageInfoRequest, pageInfoResponse),
  'pageinfo/kodekodex/login': call('pageinfo', identCodePageInfoRequest, pageInfoResponse),
  'pageinfo/kodekodex/personalinfo': call('pageinfo', plainPageInfoRequest, accessPasswordPageResponse),
  'pageinfo/kodekodex/register': call('pageinfo', plainPageInfoRequest, registerPageResponse),
  'pageinfo/questionnaire': call('pageinfo', questionnairePageInfoRequest, questionnairePageResponse),
  'pageinfo/ra/login': call('pageinfo', groupCodePageInfoRequest, pageInfoResponse),
  'pageinfo/ra/personalinfo': call('pageinfo', plainPageInfoRequest, raPersonalInfoPageResponse),
  'pageinfo/kodew/login': call('pageinfo', groupCodePageInfoRequest, pageInfoResponse),
  'pageinfo/kodew/personalinfo': call('pageinfo', plainPageInfoRequest, groupPersonalInfoPageResponse),
  'pageinfo/kodew/assessmentselection': call('pageinfo', plainPageInfoRequest, selectionPageResponse),
  'pageinfo/kodegroupcode/login': call('pageinfo', groupCodePageInfoRequest, pageInfoResponse),
  'pageinfo/kodegroupcode/personalinfo': call('pageinfo', plainPageInfoRequest, groupPersonalInfoPageResponse),
  'pageinfo/portal/login': call('pageinfo', identCodePageInfoRequest.extend({ groupCodeIdent: z.string().max(200).optional() }).strict(), portalPageResponse),
  loadImage: call('image', loadImageRequest, z.string()),
  'submit/kodekodex/identcode': call('submit', identCodeRequest, identCodeResponse),
  'submit/kodekodex/login': call('submit', accessCodeLoginRequest, accessCodeLoginResponse),
  'submit/kodekodex/personalinfo': call('submit', accessPasswordRequest, signedInResponse),
  'submit/kodekodex/register': call('submit', registerRequest, signedInResponse),
  'submit/ra/login': call('submit', raLoginRequest, groupLoginResponse),
  'submit/kodew/login': call('submit', groupLoginRequest, groupLoginResponse),
  'submit/kodegroupcode/login': call('submit', groupLoginRequest, groupLoginResponse),
  'submit/finishassessment': call('submit', finishRequest, finishResponse),
  'submit/kodew/personalinfo': call('submit', groupPersonalInfoRequest, signedInResponse),
  'submit/kodegroupcode/personalinfo': call('submit', groupPersonalInfoRequest, signedInResponse),
  'submit/ra/personalinfo': call('submit', raPersonalInfoRequest, signedInResponse),
  'submit/kodew/sendaccesscode': call('submit', sendAccessCodeRequest, baseResponse),
  'submit/kodegroupcode/sendaccesscode': call('submit', sendAccessCodeRequest, baseResponse),
  'submit/kodew/assessmentselection': call('submit', selectionRequest, baseResponse),
  'submit/portal/invoiceinfo': call('submit', invoiceRequest, invoiceResponse),
  'submit/portal/sucessfullyPaid': call('submit', paidRequest, baseResponse),
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

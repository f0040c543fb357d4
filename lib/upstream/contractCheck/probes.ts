import { CALL_PATHS, type CallPath, type RequestOf } from '@/lib/api/catalogue';
import { Product } from '@/lib/api/codes';
import { encryptAesCbc } from '@/lib/client/aesCbc';
import type { BrowserRequest } from '@/lib/client/api';
import type { ClientCrypto } from '@/lib/client/encrypt';
import { CheckLog, Participant } from './participant';

/**
 * How each call of the contract is sent when no flow sent it (no code given for it, or its flow
 * stopped before it): as a page a visitor loads without a token, as a browser's call without a
 * token, which an upstream must refuse and which therefore changes nothing, or not at all when even
 * that would change something (a made-up code counts against the address's guessing limit). The
 * answer's shape is judged all the same: a refusal is an answer of the contract too.
 */
type Probe<P extends CallPath> =
  | { page: Partial<RequestOf<P>>; purpose: 'read' | 'probe' }
  | { call: BrowserRequest<P> }
  | { notSent: string };

const MADE_UP_CODE = 'a made-up code would count against this address’s limit on unknown codes';

function probes(crypto: ClientCrypto): { [P in CallPath]: Probe<P> } {
  const groupLogin = (variant: string) => ({ notSent: `needs --group-code ${variant}:<code> (${MADE_UP_CODE})` });
  return {
    pageinfo: { page: { category: 'finishedquestionnaire' }, purpose: 'read' },
    'pageinfo/headerfooter': { page: {}, purpose: 'read' },
    'pageinfo/error': { page: {}, purpose: 'read' },
    'pageinfo/kodekodex/login': { page: {}, purpose: 'read' },
    'pageinfo/kodekodex/personalinfo': { page: {}, purpose: 'probe' },
    'pageinfo/kodekodex/register': { page: {}, purpose: 'probe' },
    'pageinfo/questionnaire': { page: { questionsPerPage: 1, questionStartIndex: 1 }, purpose: 'probe' },
    'pageinfo/ra/login': { page: {}, purpose: 'read' },
    'pageinfo/ra/personalinfo': { page: {}, purpose: 'probe' },
    'pageinfo/kodew/login': { page: {}, purpose: 'read' },
    'pageinfo/kodew/personalinfo': { page: {}, purpose: 'probe' },
    'pageinfo/kodew/assessmentselection': { page: {}, purpose: 'probe' },
    'pageinfo/kodegroupcode/login': { page: {}, purpose: 'read' },
    'pageinfo/kodegroupcode/personalinfo': { page: {}, purpose: 'probe' },
    'pageinfo/portal/login': { page: { product: Product.Portal }, purpose: 'read' },
    loadImage: { page: { category: 'contract-check' }, purpose: 'probe' },
    'submit/kodekodex/identcode': { notSent: `needs --ident-code (${MADE_UP_CODE})` },
    'submit/kodekodex/login': { call: { passwordHash: encryptAesCbc('contract-check', crypto) } },
    'submit/kodekodex/personalinfo': { call: { passwordEncrypted: '' } },
    'submit/kodekodex/register': { call: { gender: 1, firstName: '', lastName: '', emailAddress: '', passwordEncrypted: '' } },
    'submit/ra/login': groupLogin('ra'),
    'submit/kodew/login': groupLogin('kodew'),
    'submit/kodegroupcode/login': groupLogin('kodegroupcode'),
    'submit/finishassessment': { call: {} },
    'submit/kodew/personalinfo': { call: { additionalFieldsWithValues: [], password: '' } },
    'submit/kodegroupcode/personalinfo': { call: { additionalFieldsWithValues: [], password: '' } },
    'submit/ra/personalinfo': { call: { name: '', email: '', password: '' } },
    'submit/kodew/sendaccesscode': { call: { email: '', accessCode: '' } },
    'submit/kodegroupcode/sendaccesscode': { call: { email: '', accessCode: '' } },
    'submit/kodew/assessmentselection': { call: { selectedQuestionnaireId: 0, type: 0 } },
    'submit/portal/invoiceinfo': { notSent: 'needs --portal <groupCodeIdent>/<portalId> (an invoice form records a transaction)' },
    'submit/portal/sucessfullyPaid': { call: { transactionId: 'contract-check', paymentDetails: {} } },
  };
}

export const PROBE_FLOW = 'the calls no flow above sent, sent without a token (nothing can change)';

/** Sends, in the catalogue's order, every call no flow sent, as PROBES says. */
export async function probeRest(log: CheckLog, crypto: ClientCrypto): Promise<void> {
  const table = probes(crypto);
  for (const path of CALL_PATHS) {
    if (log.wasSent(path)) continue;
    const probe = table[path] as Probe<CallPath>;
    // A visitor of its own for each: no answer's token may reach the next call.
    const visitor = new Participant(log, PROBE_FLOW);
    if ('notSent' in probe) log.skipped(path, probe.notSent);
    else if ('page' in probe) await visitor.page(path as 'pageinfo', probe.page, { anonymous: true, purpose: probe.purpose });
    else await visitor.submit(path, probe.call, 'probe');
  }
}

import crypto from 'node:crypto';
import { CALLS, type CallPath, type ResponseOf } from '@/lib/api/catalogue';
import { Product, StatusCode } from '@/lib/api/codes';
import { encryptAesCbc } from '@/lib/client/aesCbc';
import type { ClientCrypto } from '@/lib/client/encrypt';
import { newSaveId } from '@/lib/client/postWhenOnline';
import { groupVariant, type GroupVariant } from '@/lib/flows/groupVariants';
import { startPageTurn } from '@/lib/flows/pageTurn';
import { portalOffer } from '@/lib/flows/portal';
import { encodeAnswers, questionsPerPage } from '@/lib/flows/questionnaire';
import { preselectedId } from '@/lib/flows/selection';
import { decodeClaims } from '@/lib/session/claims';
import { answersToSave } from './answers';
import { maskCode, maskEmail } from './mask';
import { CheckLog, Participant, statusText, type Answered } from './participant';

/**
 * The flows of spec §4 as a participant goes through them, call by call in the app's order, with
 * the codes the operator gave. A flow changes only what it must to go on (signing in, a personal
 * key, one saved page), says so in the log, signs out at its end, and finishes nothing unless
 * asked. What a participant sends is made here as the app's screens make it (the same rules and
 * encryption); what the proxy and the page loader add is added by ./participant.ts.
 */
export type FlowSettings = { crypto: ClientCrypto; finish: boolean; email?: string };

/** The answer read by its call's schema, or undefined when it does not fit (the failure is on the call's line already). */
function typed<P extends CallPath>(path: P, answered: Answered): ResponseOf<P> | undefined {
  const parsed = CALLS[path].response.safeParse(answered.answer);
  return parsed.success ? (parsed.data as ResponseOf<P>) : undefined;
}

const encrypt = (plain: string, settings: FlowSettings) => encryptAesCbc(plain, settings.crypto);

/** The header and footer every page shows. */
export async function frameFlow(log: CheckLog): Promise<void> {
  await new Participant(log, 'every page').page('pageinfo/headerfooter', {}, { anonymous: true });
}

/** Spec §4 "Ident code" and "Access code login": /home/{code}, /accesscode, /accesspassword on a first login, the manual, the questionnaire. */
export async function identCodeFlow(log: CheckLog, identCode: string, accessCode: string | undefined, settings: FlowSettings): Promise<void> {
  const label = `assessment ${maskCode(identCode)}`;
  const p = new Participant(log, `ident code ${maskCode(identCode)}${accessCode ? ` with access code ${maskCode(accessCode)}` : ''}`);
  await p.page('pageinfo/kodekodex/login', { assessmentIdentCode: identCode }, { anonymous: true });
  const ident = await p.submit('submit/kodekodex/identcode', { assessmentIdentCode: identCode }, 'read');
  if (!p.goesOn(ident, 'to the ident code')) return;
  if (ident.answer?.assessorMustRegister === true) {
    await p.page('pageinfo/kodekodex/register', {});
    log.skipped('submit/kodekodex/register', `${label} must register first: the check registers nobody (register it in the app once, or give the code of an assessment that need not)`);
    ident.sent.findings.push({ level: 'note', text: 'assessorMustRegister: the check does not register; the rest of this flow was not sent' });
    return;
  }
  log.skipped('pageinfo/kodekodex/register', `${label} need not register`);
  log.skipped('submit/kodekodex/register', `${label} need not register`);
  if (!accessCode) {
    log.skipped('submit/kodekodex/login', 'needs --access-code with --ident-code');
    return;
  }
  const login = await p.submit('submit/kodekodex/login', { passwordHash: encrypt(accessCode, settings) }, 'change');
  if (!p.goesOn(login, 'to the access code')) return;
  if (!p.loggedIn) {
    login.sent.findings.push({ level: 'failure', text: 'the access code was not accepted (the token is not logged in): the rest of this flow was not sent' });
    return;
  }
  log.changed(`signed in to ${label}`);
  try {
    if (login.answer?.isFirstLogin === true) {
      const keyPage = await p.page('pageinfo/kodekodex/personalinfo', {});
      if (!p.goesOn(keyPage)) return;
      // The app offers keeping the key only when one is set; otherwise the access code given becomes it, so that it still opens the assessment.
      const keep = keyPage.answer?.isPasswordSet === true || login.answer?.isPasswordSet === true;
      const saved = await p.submit('submit/kodekodex/personalinfo', { passwordEncrypted: keep ? '' : encrypt(accessCode.trim(), settings) }, 'change');
      if (!p.goesOn(saved)) return;
      log.changed(keep ? `completed the first login of ${label} (its personal key kept)` : `set the personal key of ${label} to the access code given (first login)`);
    } else {
      log.skipped('submit/kodekodex/personalinfo', `${label} is past its first login`);
    }
    const manual = await p.page('pageinfo', { category: 'questionnairemanual' });
    if (!p.goesOn(manual)) return;
    await questionnaire(p, log, label, settings);
  } finally {
    await signOut(p, log, label);
  }
}

/** Spec §4 "Group login", "Personal info", "E-mail step", "Questionnaire selection": a new participant of the group code. */
export async function groupFlow(log: CheckLog, variant: GroupVariant, groupCode: string, settings: FlowSettings): Promise<void> {
  const row = groupVariant(variant);
  const label = `a new ${variant} participant (group code ${maskCode(groupCode)})`;
  const p = new Participant(log, `group code ${maskCode(groupCode)} (${variant})`);
  const loginPage = await p.page(row.calls.loginPage, { groupCodeIdent: groupCode }, { anonymous: true });
  if (!p.goesOn(loginPage)) return;
  const login = await p.submit(row.calls.login, { groupcode: row.encryptsCode ? encrypt(groupCode, settings) : groupCode }, 'change');
  if (!p.goesOn(login, 'to the group code')) return;
  if (!p.loggedIn) {
    login.sent.findings.push({ level: 'failure', text: 'the group code was not accepted (the token is not logged in): the rest of this flow was not sent' });
    return;
  }
  log.changed(`started ${label}`);
  try {
    if (!(await personalInfo(p, log, variant, label, settings))) return;
    if (row.calls.sendAccessCode && !(await emailStep(p, log, variant, label, settings))) return;
    if (row.calls.selection && row.calls.selectionPage) {
      const manual = await p.page('pageinfo', { category: 'questionnairemanual' });
      if (!p.goesOn(manual)) return;
      const page = await p.page(row.calls.selectionPage, {});
      if (!p.goesOn(page)) return;
      // The radio the page opens with (spec §2), which a participant who just presses send sends.
      const selections = typed(row.calls.selectionPage, page);
      const items = selections?.questionnaireSelections ?? [];
      const chosenId = preselectedId(items, selections?.selectedQuestionnaireType);
      const option = items.find((item) => item.id === chosenId);
      if (!option) {
        page.sent.findings.push({ level: 'failure', text: 'no questionnaire is selectable: the rest of this flow was not sent' });
        return;
      }
      const chosen = await p.submit(row.calls.selection, { selectedQuestionnaireId: option.id, type: option.questionnaireType }, 'change');
      if (!p.goesOn(chosen)) return;
      log.changed(`chose questionnaire ${option.id} for ${label}`);
      const info = await p.page('pageinfo', { category: 'kodewinfo' });
      if (!p.goesOn(info)) return;
    } else {
      const manual = await p.page('pageinfo', { category: 'questionnairemanual' });
      if (!p.goesOn(manual)) return;
    }
    await questionnaire(p, log, label, settings);
  } finally {
    await signOut(p, log, label);
  }
}

/** The personal-info page and its save: a random key (the participant is the check's and is not come back to), the fields as a participant fills them. */
async function personalInfo(p: Participant, log: CheckLog, variant: GroupVariant, label: string, settings: FlowSettings): Promise<boolean> {
  const row = groupVariant(variant);
  const page = await p.page(row.calls.personalPage, {});
  if (!p.goesOn(page)) return false;
  // 16 characters, far above the group flows' minimum (MIN_KEY_LENGTH_GROUP).
  const password = encrypt(crypto.randomBytes(12).toString('base64url'), settings);
  let saved: Answered;
  if (row.personalFields === 'nameEmail') {
    // No e-mail address: the variant would mail the access code to it.
    saved = await p.submit(row.calls.personal as 'submit/ra/personalinfo', { name: 'Contract Check', email: '', password }, 'change');
  } else {
    const fields = typed(row.calls.personalPage as 'pageinfo/kodew/personalinfo', page)?.additionalFieldsWithValues ?? [];
    const additionalFieldsWithValues = fields.map((field) => ({ id: field.id, value: field.fieldType === 'List' ? (field.allowedValues?.[0] ?? '') : 'Contract check' }));
    saved = await p.submit(row.calls.personal as 'submit/kodew/personalinfo', { additionalFieldsWithValues, password }, 'change');
  }
  if (!p.goesOn(saved)) return false;
  log.changed(`set a personal key (a random one, not kept) and the personal information of ${label}`);
  return true;
}

/** The e-mail step: the access code is sent only to an address the operator gave (--email); a blank address skips the call, as in the app. */
async function emailStep(p: Participant, log: CheckLog, variant: GroupVariant, label: string, settings: FlowSettings): Promise<boolean> {
  const row = groupVariant(variant);
  const call = row.calls.sendAccessCode!;
  if (!settings.email) {
    log.skipped(call, 'sends mail: give --email to send a participant’s access code to an address of yours');
    return true;
  }
  // The e-mail page shows the access code the personal-info page info carries once a key is set.
  const page = await p.page(row.calls.personalPage, {});
  if (!p.goesOn(page)) return false;
  const accessCode = typeof page.answer?.accessCode === 'string' ? page.answer.accessCode.trim() : '';
  if (!accessCode) {
    page.sent.findings.push({ level: 'failure', text: 'no accessCode after the personal key was set: the e-mail step has nothing to send; the rest of this flow was not sent' });
    return false;
  }
  const sent = await p.submit(call, { email: settings.email, accessCode }, 'change');
  if (!p.goesOn(sent, 'where the access code should have been sent')) return false;
  log.changed(`sent the access code of ${label} to ${maskEmail(settings.email)}`);
  return true;
}

/**
 * The questionnaire page at the session's start index, its first image, and the page saved with
 * valid answers (the page's own when complete); with --finish every page in turn, then the finish.
 */
async function questionnaire(p: Participant, log: CheckLog, label: string, settings: FlowSettings): Promise<void> {
  const product = decodeClaims(p.session.token).product;
  const perPage = questionsPerPage(product);
  let loaded = await p.page('pageinfo/questionnaire', { questionsPerPage: perPage, questionStartIndex: p.session.startIndex });
  if (!p.goesOn(loaded)) return;
  let page = typed('pageinfo/questionnaire', loaded);
  const imageKey = page?.questions?.find((q) => q.imageKey)?.imageKey;
  if (imageKey) await p.page('loadImage', { category: imageKey });
  else log.skipped('loadImage', `no question on the first page of ${label} has an image`);

  const savedPages: number[] = [];
  let chosen = 0;
  const most = (page?.totalNumberOfPages ?? 1) + 1;
  for (let turns = 0; page && turns < Math.min(most, 500); turns++) {
    const toSave = answersToSave(product, page);
    if (!toSave) {
      loaded.sent.findings.push({ level: 'note', text: 'no answers the product’s rule accepts could be made for this page: no page was saved' });
      break;
    }
    const turn = startPageTurn(page, { forward: true, refused: [], changed: true, message: '' });
    if (turn.kind !== 'send') break;
    const start = page.questions?.[0]?.questionIndex ?? 1;
    const saved = await p.submit(
      'pageinfo/questionnaire',
      {
        questionsPerPage: perPage,
        questionStartIndex: turn.questionStartIndex,
        answers: encodeAnswers(start, toSave.answers),
        ...(typeof page.revision === 'number' && { baseRevision: page.revision, saveId: newSaveId() }),
      },
      'change',
    );
    if (!p.goesOn(saved)) break;
    savedPages.push(page.currentPage ?? savedPages.length + 1);
    if (!toSave.asSaved) chosen += 1;
    const next = typed('pageinfo/questionnaire', saved);
    if (!settings.finish || !next || next.conflict === true || turn.questionStartIndex === start) break;
    loaded = saved;
    page = next;
  }
  if (savedPages.length > 0) {
    const pages = savedPages.length === 1 ? `page ${savedPages[0]}` : `pages ${savedPages[0]}–${savedPages.at(-1)}`;
    const whose = chosen === 0 ? 'the answers saved before, sent again' : chosen === savedPages.length ? 'answers chosen by the check' : 'answers chosen by the check where a page had none';
    log.changed(`saved answers on ${pages} of ${label}: ${whose}`);
  }
  if (!settings.finish) {
    log.skipped('submit/finishassessment', 'finishes an assessment: give --finish to answer every page and finish');
    return;
  }
  const finished = await p.submit('submit/finishassessment', {}, 'change');
  if (finished.answer?.statusCode === StatusCode.Ok) log.changed(`finished ${label}`);
  else if (typeof finished.answer?.statusCode === 'number') {
    finished.sent.findings.push({ level: 'failure', text: `the finish answered status ${statusText(finished.answer.statusCode)} after every page was saved` });
  }
}

/** Sign-out (spec §4): the upstream revokes the token. */
async function signOut(p: Participant, log: CheckLog, label: string): Promise<void> {
  if (!p.session.token) return;
  const answered = await p.page('pageinfo/error', { category: 'SignOut' }, { purpose: 'change' });
  if (answered.answer?.statusCode === StatusCode.Ok) log.changed(`signed out of ${label} (its token is revoked)`);
}

/** Spec §4 "Portal": the page, one invoice form (a transaction, as every buyer's form makes), and a payment report without a payment, which must be refused. */
export async function portalFlow(log: CheckLog, portal: { groupCodeIdent: string; portalId?: string }): Promise<void> {
  const label = `portal ${maskCode(portal.groupCodeIdent)}${portal.portalId ? `/${portal.portalId}` : ''}`;
  const p = new Participant(log, label);
  const page = await p.page(
    'pageinfo/portal/login',
    { groupCodeIdent: portal.groupCodeIdent, ...(portal.portalId !== undefined && { portalId: portal.portalId }), product: Product.Portal },
    { anonymous: true },
  );
  if (!p.goesOn(page)) return;
  const response = typed('pageinfo/portal/login', page);
  const outcome = response && portalOffer(response, portal.groupCodeIdent);
  if (!outcome || outcome.kind !== 'offer') {
    page.sent.findings.push({ level: 'failure', text: 'the portal offers nothing to buy (no price, title, portalId or payment settings the app can use): the rest of this flow was not sent' });
    return;
  }
  const { offer } = outcome;
  const invoice = await p.submit(
    'submit/portal/invoiceinfo',
    {
      groupCodeIdent: offer.groupCodeIdent,
      portalId: offer.portalId,
      isDataPrivacyChecked: true,
      invoiceIsPrivate: true,
      invoiceName: 'Contract Check',
      invoiceStreet: 'Teststraße 1',
      invoiceCity: '10115 Berlin',
      invoiceEmail: 'contract-check@example.org',
      invoiceProductText: offer.productTitle,
      invoiceProductPrice: offer.price.cents / 100,
    },
    'change',
  );
  if (!p.goesOn(invoice)) return;
  log.changed(`sent an invoice form to ${label}: the upstream recorded a transaction (nothing was paid)`);
  const transactionId = typeof invoice.answer?.transactionId === 'string' ? invoice.answer.transactionId : '';
  if (!transactionId) {
    invoice.sent.findings.push({ level: 'failure', text: 'no transactionId: the payment report has nothing to name' });
    return;
  }
  // No payment was made: a report without one must be refused, and changes nothing.
  const report = await p.submit('submit/portal/sucessfullyPaid', { transactionId, paymentDetails: {} }, 'probe');
  if (report.answer?.statusCode === StatusCode.Ok) report.sent.findings.push({ level: 'failure', text: 'answered Ok to a payment report without a payment' });
}

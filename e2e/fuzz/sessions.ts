import { DEMO_GROUP_CODES } from '@/lib/embedded-api/demo/groupRows';
import { groupVariant, type GroupVariant } from '@/lib/flows/groupVariants';
import { encryptCode } from '../support/api';
import { portalInvoice } from './portal';
import type { createClient, FuzzResponse } from './http';

/**
 * The visitor states the fuzz sends requests as. Each keeps the cookies it was given once: answers
 * to fuzz requests never change them, so a login holds for the whole run.
 */
export type Visitor = {
  name: 'anonymous' | 'visitor' | 'identified' | 'signed-in P1' | 'signed-in P2' | 'portal buyer' | 'console owner' | 'console viewer' | GroupVisitorName;
  /** Cookie header value, empty for anonymous. */
  cookie: string;
  /** The XSRF-TOKEN value bound to this session, empty for anonymous. */
  xsrf: string;
  /** The portal buyer's transaction (the one its session may report a payment for). */
  transactionId?: string;
};

/**
 * The participants of each group flow the fuzz signs in as: one just logged in (no key, the
 * personal-info page not saved), so that the personal-info calls get past their token check, and
 * one who saved it (consent and a key), so that the calls beyond it get past consent before content.
 */
export const GROUP_VISITORS = {
  kodew: { code: 'KWDEMO01', member: 'group participant', consent: 'group participant with consent' },
  ra: { code: 'RADEMO01', member: 'ra participant', consent: 'ra participant with consent' },
  kodegroupcode: { code: 'KGDEMO01', member: 'kgc participant', consent: 'kgc participant with consent' },
} as const satisfies Record<GroupVariant, { code: string; member: string; consent: string }>;
type GroupVisitorName = (typeof GROUP_VISITORS)[GroupVariant]['member' | 'consent'];

type Client = ReturnType<typeof createClient>;

export function cookiesOf(response: FuzzResponse, jar: Map<string, string>): void {
  const setCookie = response.headers['set-cookie'] ?? [];
  for (const line of setCookie) {
    const pair = line.split(';')[0] ?? '';
    const index = pair.indexOf('=');
    if (index > 0) jar.set(pair.slice(0, index), pair.slice(index + 1));
  }
}

export const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** A page load gives a session and its XSRF cookie, as a browser gets them. */
async function freshVisitor(client: Client, name: Visitor['name'], jar = new Map<string, string>()): Promise<Visitor & { jar: Map<string, string> }> {
  const response = await client.send({ label: 'setup: page load', method: 'GET', path: '/support', headers: { accept: 'text/html' } });
  if (response.status !== 200) throw new Error(`setup: GET /support answered ${response.status}`);
  cookiesOf(response, jar);
  const xsrf = jar.get('XSRF-TOKEN');
  if (!xsrf) throw new Error('setup: no XSRF-TOKEN cookie after a page load');
  return { name, cookie: cookieHeader(jar), xsrf: decodeURIComponent(xsrf), jar };
}

async function call(client: Client, visitor: Visitor & { jar: Map<string, string> }, path: string, body: unknown) {
  const response = await client.send({
    label: `setup: ${path}`,
    method: 'POST',
    path: `/api/${path}`,
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'x-xsrf-token': visitor.xsrf, cookie: cookieHeader(visitor.jar) },
    body: Buffer.from(JSON.stringify(body)),
  });
  cookiesOf(response, visitor.jar);
  visitor.cookie = cookieHeader(visitor.jar);
  // A login gives the session a new id and its XSRF cookie a new token, which the page's script reads.
  visitor.xsrf = decodeURIComponent(visitor.jar.get('XSRF-TOKEN') ?? '');
  const answer = JSON.parse(response.body || '{}') as { statusCode?: number; tokenClaims?: { isLoggedIn?: boolean }; transactionId?: string };
  if (response.status !== 200 || answer.statusCode !== 1) throw new Error(`setup: ${path} answered ${response.status} ${response.body.slice(0, 200)}`);
  return answer;
}

/** Demo rows the fuzz signs in as; it never finishes them. */
const SIGN_INS = [
  { name: 'signed-in P1', identCode: 'P1DEMO01', accessCode: 'RANK4711' },
  { name: 'signed-in P2', identCode: 'P2DEMO01', accessCode: 'GRID4711' },
] as const;

/** Every visitor state, the signed-in ones logged in through the proxy as the pages do it. */
export async function prepareVisitors(client: Client): Promise<Visitor[]> {
  const visitors: Visitor[] = [{ name: 'anonymous', cookie: '', xsrf: '' }];
  visitors.push(await freshVisitor(client, 'visitor'));
  const identified = await freshVisitor(client, 'identified');
  await call(client, identified, 'submit/kodekodex/identcode', { assessmentIdentCode: 'P1SELF001' });
  visitors.push(identified);
  for (const row of SIGN_INS) {
    const visitor = await freshVisitor(client, row.name);
    await call(client, visitor, 'submit/kodekodex/identcode', { assessmentIdentCode: row.identCode });
    const login = await call(client, visitor, 'submit/kodekodex/login', { passwordHash: encryptCode(row.accessCode) });
    if (!login.tokenClaims?.isLoggedIn) throw new Error(`setup: ${row.identCode} is not signed in after the access code`);
    visitors.push(visitor);
  }
  for (const variant of Object.keys(GROUP_VISITORS) as GroupVariant[]) visitors.push(...(await groupVisitors(client, variant)));
  // A buyer of the demo portal who sent the invoice form: its session holds the transaction.
  const buyer = await freshVisitor(client, 'portal buyer');
  const invoice = await call(client, buyer, 'submit/portal/invoiceinfo', portalInvoice());
  visitors.push({ ...buyer, ...(invoice.transactionId && { transactionId: invoice.transactionId }) });
  return visitors.map(({ name, cookie, xsrf, transactionId }) => ({ name, cookie, xsrf, ...(transactionId && { transactionId }) }));
}

/** The personal-info body a participant of the variant saves: its fields (or name and e-mail), consent and a key. */
function personalInfoBody(variant: GroupVariant, code: string): Record<string, unknown> {
  const password = encryptCode('Fuzz-Schluessel-2026');
  if (groupVariant(variant).personalFields === 'nameEmail') return { name: 'Fuzz Tester', email: 'fuzz@example.org', password, uiLanguage: 'de-DE' };
  const fields = DEMO_GROUP_CODES.find((group) => group.code === code)!.fields;
  return { additionalFieldsWithValues: fields.map((field) => ({ id: field.id, value: field.fieldType === 'List' ? field.allowedValues![0] : 'Fuzz' })), password };
}

/**
 * A variant's two participants (every group login starts a new one), the code sent as the
 * variant's page sends it. A variant whose login this build does not answer yet ("not available":
 * its flow is not built) has none, and says so.
 */
async function groupVisitors(client: Client, variant: GroupVariant): Promise<Visitor[]> {
  const { code, member, consent } = GROUP_VISITORS[variant];
  const row = groupVariant(variant);
  const groupcode = row.encryptsCode ? encryptCode(code) : code;
  const made: Visitor[] = [];
  for (const name of [member, consent]) {
    const visitor = await freshVisitor(client, name);
    const probe = await client.send({
      label: `setup: ${row.calls.login}`,
      method: 'POST',
      path: `/api/${row.calls.login}`,
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'x-xsrf-token': visitor.xsrf, cookie: cookieHeader(visitor.jar) },
      body: Buffer.from(JSON.stringify({ groupcode })),
    });
    if (probe.status === 404 && probe.body.includes('is not available')) {
      console.log(`fuzz: ${row.calls.login} is not available in this build: no ${variant} participants`);
      return [];
    }
    cookiesOf(probe, visitor.jar);
    visitor.cookie = cookieHeader(visitor.jar);
    visitor.xsrf = decodeURIComponent(visitor.jar.get('XSRF-TOKEN') ?? '');
    const login = JSON.parse(probe.body || '{}') as { statusCode?: number; tokenClaims?: { isLoggedIn?: boolean } };
    if (probe.status !== 200 || login.statusCode !== 1 || !login.tokenClaims?.isLoggedIn) throw new Error(`setup: ${code} did not log a ${variant} participant in: ${probe.status} ${probe.body.slice(0, 200)}`);
    if (name === consent) await call(client, visitor, row.calls.personal, personalInfoBody(variant, code));
    // Past the token check of the variant's calls: its personal-info page answers Ok (call() throws otherwise).
    await call(client, visitor, row.calls.personalPage, {});
    made.push(visitor);
  }
  return made;
}

/** The signed-in visitors whose session still loads the questionnaire: whether the run stayed signed in. */
export async function stillSignedIn(client: Client, visitors: Visitor[]): Promise<string[]> {
  const names: string[] = [];
  for (const visitor of visitors.filter((v) => v.name.startsWith('signed-in'))) {
    const response = await client.send({
      label: 'check: signed in',
      method: 'POST',
      path: '/api/pageinfo/questionnaire',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'x-xsrf-token': visitor.xsrf, cookie: visitor.cookie },
      body: Buffer.from('{}'),
    });
    if (response.status === 200 && (JSON.parse(response.body) as { statusCode?: number }).statusCode === 1) names.push(visitor.name);
  }
  return names;
}

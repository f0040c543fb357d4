import { spawn } from 'node:child_process';
import path from 'node:path';
import type { createClient, FuzzRequest, FuzzResponse } from './http';
import type { Random } from './random';
import { cookiesOf, cookieHeader, type Visitor } from './sessions';
import { nastyString } from './values';

/**
 * The operator console under fuzz: an owner and a viewer are created through the admin channel and
 * sign in as a browser without scripts does (the forms' own fields, posted as multipart), and the
 * forms of every console page are collected as the owner sees them. The fuzz then sends those forms
 * with odd values, tampered action fields and stale or foreign tokens, as every kind of visitor.
 */
type Client = ReturnType<typeof createClient>;

export type ConsoleForm = { page: string; id: string; action: string; hidden: Array<[string, string]>; fields: string[] };

const PASSWORD = 'fuzz console password 2026';
const BIN = path.resolve('lib/admin/bin.mjs');

function unescapeHtml(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? unescapeHtml(match[1]!) : undefined;
}

/** The forms a page's HTML holds: where they post, their hidden fields with values, and the names of the others. */
export function formsOf(html: string, page: string): ConsoleForm[] {
  const forms: ConsoleForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const [, open, inner] = match;
    if ((attribute(open!, 'method') ?? 'get').toLowerCase() !== 'post') continue;
    const hidden: Array<[string, string]> = [];
    const fields: string[] = [];
    for (const tag of inner!.matchAll(/<(input|select|textarea)\b([^>]*)>/g)) {
      const name = attribute(tag[2]!, 'name');
      if (!name) continue;
      if (tag[1] === 'input' && attribute(tag[2]!, 'type') === 'hidden') hidden.push([name, attribute(tag[2]!, 'value') ?? '']);
      else fields.push(name);
    }
    forms.push({ page, id: attribute(open!, 'id') ?? '', action: attribute(open!, 'action') ?? page, hidden, fields });
  }
  return forms;
}

/** A form as a browser sends it without scripts: multipart/form-data. */
export function multipart(fields: Array<[string, string]>): { body: Buffer; contentType: string } {
  const boundary = `----fuzz${Math.random().toString(16).slice(2)}`;
  const parts = fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, '%22')}"\r\n\r\n${value}\r\n`);
  return { body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'utf8'), contentType: `multipart/form-data; boundary=${boundary}` };
}

function adminCommand(dataDir: string, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`setup: admin ${args.join(' ')} exited ${code}: ${err}`))));
  });
}

async function get(client: Client, target: string, cookie: string): Promise<FuzzResponse> {
  return client.send({ label: `setup: GET ${target}`, method: 'GET', path: target, headers: { accept: 'text/html', ...(cookie && { cookie }) } });
}

async function submit(client: Client, baseUrl: string, form: ConsoleForm, values: Record<string, string>, jar: Map<string, string>): Promise<FuzzResponse> {
  const { body, contentType } = multipart([...form.hidden, ...Object.entries(values)]);
  const response = await client.send({
    label: `setup: POST ${form.id}`,
    method: 'POST',
    path: form.action,
    headers: { 'content-type': contentType, origin: baseUrl, 'sec-fetch-site': 'same-origin', ...(jar.size && { cookie: cookieHeader(jar) }) },
    body,
  });
  cookiesOf(response, jar);
  return response;
}

function theForm(forms: ConsoleForm[], id: string, where: string): ConsoleForm {
  const form = forms.find((f) => f.id === id);
  if (!form) throw new Error(`setup: no form #${id} on ${where}`);
  return form;
}

/** An operator of the role, signed in without scripts: their session cookie. */
async function signedInOperator(client: Client, baseUrl: string, dataDir: string, email: string, role: 'owner' | 'viewer'): Promise<string> {
  const link = new URL((await adminCommand(dataDir, 'operator', 'create', '--email', email, '--role', role)).trim());
  const setupPage = `${link.pathname}${link.search}`;
  const jar = new Map<string, string>();
  const setup = await get(client, setupPage, '');
  const set = await submit(client, baseUrl, theForm(formsOf(setup.body, setupPage), 'setup', setupPage), { password: PASSWORD, repeat: PASSWORD }, jar);
  if (set.status !== 303) throw new Error(`setup: setting ${email}'s password answered ${set.status}`);
  const signin = await get(client, '/admin/signin', '');
  const signedIn = await submit(client, baseUrl, theForm(formsOf(signin.body, '/admin/signin'), 'signin', '/admin/signin'), { email, password: PASSWORD }, jar);
  const cookie = [...jar].find(([name]) => name === 'console' || name === '__Secure-console');
  if (signedIn.status !== 303 || !cookie) throw new Error(`setup: ${email} did not sign in: ${signedIn.status}`);
  return `${cookie[0]}=${cookie[1]}`;
}

/** Console pages without a dynamic part, as the fuzz's page routes list them. */
function consolePages(routes: Array<{ segments: string[]; dynamic?: string }>): string[] {
  return routes.filter((route) => route.segments[0] === 'admin' && !route.dynamic).map((route) => `/${route.segments.join('/')}`);
}

export type ConsoleSetup = { visitors: Visitor[]; forms: ConsoleForm[] };

export async function prepareConsole(client: Client, baseUrl: string, dataDir: string, routes: Array<{ segments: string[]; dynamic?: string }>): Promise<ConsoleSetup> {
  const owner = await signedInOperator(client, baseUrl, dataDir, 'fuzz.owner@example.org', 'owner');
  const viewer = await signedInOperator(client, baseUrl, dataDir, 'fuzz.viewer@example.org', 'viewer');
  const forms: ConsoleForm[] = [];
  for (const page of consolePages(routes)) {
    const response = await get(client, page, owner);
    // Route handlers (downloads) and pages that send the owner elsewhere have no forms to collect.
    if (response.status === 200 && String(response.headers['content-type']).startsWith('text/html')) forms.push(...formsOf(response.body, page));
  }
  // Sign-out would end a console session for the rest of the run: it is sent as others only.
  const setupForm = formsOf((await get(client, '/admin/setup?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '')).body, '/admin/setup');
  return {
    visitors: [
      { name: 'console owner', cookie: owner, xsrf: '' },
      { name: 'console viewer', cookie: viewer, xsrf: '' },
    ],
    forms: [...forms, ...setupForm],
  };
}

/** A console form sent with odd values, a tampered hidden field, or as a visitor it is not meant for. */
export function consoleFormRequest(r: Random, visitors: Visitor[], forms: ConsoleForm[], baseUrl: string, chosen?: { form: ConsoleForm; visitor: Visitor }): FuzzRequest {
  const form = chosen?.form ?? r.pick(forms);
  const candidates = visitors.filter((v) => !(v.name.startsWith('console ') && form.id === 'console-signout'));
  const visitor = chosen?.visitor ?? r.pick(candidates);
  const hidden = form.hidden.map(([name, value]): [string, string] =>
    r.chance(0.15) ? [name, r.weighted<() => string>([[3, () => nastyString(r)], [1, () => value.slice(0, Math.floor(value.length / 2))], [1, () => value.replace(/"id":"[0-9a-f]+"/, '"id":"00"')], [1, () => '']])()] : [name, value],
  );
  const fields = form.fields.map((name): [string, string] => [name, r.weighted<() => string>([[4, () => nastyString(r)], [2, () => String(r.between(-5, 2000))], [1, () => 'x'.repeat(r.pick([12, 300, 5000]))], [1, () => '']])()]);
  if (r.chance(0.1)) fields.push([nastyString(r) || 'extra', nastyString(r)]);
  const { body, contentType } = multipart([...hidden, ...(r.chance(0.1) ? [] : fields)]);
  return {
    label: `console ${form.page}#${form.id} as ${visitor.name}`,
    method: 'POST',
    path: r.chance(0.9) ? form.action : r.pick(['/admin', '/admin/signin', '/admin/setup', '/admin/audit']),
    headers: { 'content-type': contentType, origin: baseUrl, 'sec-fetch-site': 'same-origin', ...(visitor.cookie && { cookie: visitor.cookie }) },
    body,
  };
}

/** Every console form once as each kind of visitor: the owner, the viewer, nobody, and a participant. */
export function consoleDirected(r: Random, visitors: Visitor[], forms: ConsoleForm[], baseUrl: string): FuzzRequest[] {
  const kinds = visitors.filter((v) => ['console owner', 'console viewer', 'anonymous', 'signed-in P1'].includes(v.name));
  return forms.flatMap((form) =>
    kinds.filter((visitor) => !(visitor.name.startsWith('console ') && form.id === 'console-signout')).map((visitor) => consoleFormRequest(r, visitors, forms, baseUrl, { form, visitor })),
  );
}

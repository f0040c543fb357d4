import { CALL_PATHS, CALLS } from '@/lib/api/catalogue';
import { GROUP_VARIANTS, groupVariant } from '@/lib/flows/groupVariants';
import { ACTION_BODIES, realActionIds } from './actions';
import { pageScriptCall } from './api';
import { sampleObject, type FuzzBody } from './bodies';
import type { FuzzRequest } from './http';
import type { pageRoutes } from './pages';
import type { Random } from './random';
import { GROUP_VISITORS, type Visitor } from './sessions';
import { GROUP_CODES } from './values';
import { encryptCode } from '../support/api';

type Shape = Record<string, { def: { type: string; innerType?: unknown } }>;
const unwrap = (field: { def: { type: string; innerType?: unknown } }): { def: { type: string } } =>
  field.def.innerType ? unwrap(field.def.innerType as never) : field;

/**
 * Who gets past a group flow's call's token check: its personal-info calls a participant of that
 * variant who just logged in; its calls beyond (e-mail step, selection) only one who saved the
 * personal-info page (consent before content). Undefined for the logins and every other call.
 */
function groupVisitorOf(path: string): Visitor['name'] | undefined {
  const variant = GROUP_VARIANTS.find((v) => path.includes(`/${v}/`));
  if (!variant || path.endsWith('/login')) return undefined;
  const { member, consent } = GROUP_VISITORS[variant];
  return path.endsWith('/personalinfo') ? member : consent;
}

const text = (what: string, value: string): FuzzBody => ({ what, bytes: Buffer.from(value, 'utf8') });
const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

/**
 * The hazards every run sends at least once, before the random ones: each catalogue call with a
 * NUL in each text field, deep nesting, prototype keys and an empty body; each page route plain,
 * with a malformed percent-encoding and with a long segment; and the envelope cases that have
 * broken before (TRACE, server actions, RSC headers, forged addresses, an aborted upload).
 */
export function directedRequests(r: Random, visitors: Visitor[], baseUrl: string, routes: ReturnType<typeof pageRoutes>): FuzzRequest[] {
  const byName = (name: Visitor['name']) => visitors.find((v) => v.name === name)!;
  const has = (name: Visitor['name'] | undefined): name is Visitor['name'] => name !== undefined && visitors.some((v) => v.name === name);
  const signedIn = byName('signed-in P1');
  const visitor = byName('visitor');
  const requests: FuzzRequest[] = [];

  for (const path of CALL_PATHS) {
    const schema = CALLS[path].request as never as { shape: Shape };
    // Finishing would end the demo assessment the signed-in visitors use; the group flow's pages
    // after the group login need a participant of a group code to get past the token check.
    // A group flow whose login this build does not answer has no participants: its calls are not available either.
    const group = groupVisitorOf(path);
    const as = path === 'submit/finishassessment' ? visitor : has(group) ? byName(group) : signedIn;
    const base = sampleObject(schema as never, r);
    const keys = Object.keys(schema.shape).filter((key) => key !== 'token');
    const call = (body: FuzzBody) => requests.push(pageScriptCall(as, path, body, baseUrl));
    call(text('a body from the contract', JSON.stringify(base)));
    for (const key of keys.filter((k) => unwrap(schema.shape[k]!).def.type === 'string')) call(text(`NUL in ${key}`, JSON.stringify({ ...base, [key]: 'ab\u0000cd' })));
    const deepKey = keys.find((k) => unwrap(schema.shape[k]!).def.type === 'record') ?? keys[0] ?? 'category';
    call(text(`60,000 nested arrays in ${deepKey}`, JSON.stringify({ ...base, [deepKey]: 0 }).replace(`"${deepKey}":0`, `"${deepKey}":{"a":${nested(60_000)}}`)));
    call(text('__proto__ and constructor.prototype keys', JSON.stringify(base).replace(/^\{/, '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},')));
    call(text('an empty body', ''));
    call(text('every field null', JSON.stringify(Object.fromEntries(keys.map((k) => [k, null])))));
  }
  requests.push(pageScriptCall(signedIn, 'pageinfo', text('forged client addresses', '{}'), baseUrl, { 'x-forwarded-for': '203.0.113.7, 198.51.100.1', 'x-real-ip': '203.0.113.8' }));
  // Every outcome of a group-code login on every group flow, encrypted (as ra's and kodew's pages send it) and in plain text (as kodegroupcode's).
  for (const login of GROUP_VARIANTS.map((variant) => groupVariant(variant).calls.login)) {
    for (const code of GROUP_CODES) {
      requests.push(pageScriptCall(visitor, login, text(`group code ${JSON.stringify(code)} encrypted`, JSON.stringify({ groupcode: encryptCode(code) })), baseUrl));
      requests.push(pageScriptCall(signedIn, login, text(`group code ${JSON.stringify(code)} not encrypted, a language`, JSON.stringify({ groupcode: code, uiLanguage: 'en-US' })), baseUrl));
    }
  }

  const get = (path: string, who: Visitor, what: string, headers: Record<string, string> = {}, method = 'GET'): FuzzRequest => ({
    label: `page ${method} ${path.length > 120 ? `${path.slice(0, 60)}…` : path}: ${who.name}, ${what}`,
    method,
    path,
    headers: { accept: 'text/html', ...(who.cookie && { cookie: who.cookie }), ...headers },
  });
  for (const route of routes) {
    const path = `/${route.segments.join('/')}`;
    requests.push(get(path, signedIn, 'plain'));
    requests.push(get(`${path === '/' ? '' : path}/%ff`, byName('anonymous'), 'a malformed percent-encoding'));
    requests.push(get(`${path === '/' ? '' : path}/${'L'.repeat(2000)}`, visitor, 'a 2,000-character segment'));
    requests.push(get(`${path}?__proto__[polluted]=1&constructor[prototype][polluted]=1`, visitor, 'prototype keys in the query'));
  }
  requests.push(get('/home/%c0%af', visitor, 'an overlong UTF-8 encoding'));
  requests.push(get('/home/P1%00DEMO01', visitor, 'a NUL in the ident code of a deep link'));
  requests.push(get('/home?sid=P1DEMO01%00&lg=de%00', visitor, 'a NUL in the query of a deep link'));
  requests.push(get('/support', visitor, 'the TRACE method', {}, 'TRACE'));
  requests.push(get('/logo.svg', visitor, 'a public file with another method', {}, 'DELETE'));
  requests.push(get('/nope', visitor, 'an RSC request to an unknown route', { rsc: '1', 'next-router-state-tree': encodeURIComponent('["",{"children":["__PAGE__",{}]},null,null,true]') }));
  for (const origin of ['https://evil.example', baseUrl]) {
    requests.push({
      ...get('/support', signedIn, `a server action with an unknown id from ${origin === baseUrl ? 'this origin' : 'another origin'}`, {
        'next-action': '7f'.repeat(21),
        origin,
        'content-type': 'text/plain;charset=UTF-8',
      }, 'POST'),
      body: Buffer.from('[]'),
    });
  }
  // The build's own actions (their ids are in every page), with arguments React cannot decode or no
  // action takes, from a visitor without a session, so that no login of the fuzz ends.
  const anonymous = byName('anonymous');
  for (const id of realActionIds()) {
    for (const body of ACTION_BODIES) {
      requests.push({
        ...get('/support', anonymous, `a real server action with the body ${body.slice(0, 30)}`, { 'next-action': id, origin: baseUrl, 'sec-fetch-site': 'same-origin', 'content-type': 'text/plain;charset=UTF-8' }, 'POST'),
        body: Buffer.from(body),
      });
    }
    const form = (fields: Array<[string, string]>) => Buffer.from(fields.map(([name, value]) => `------fuzz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') + '------fuzz--\r\n');
    for (const [what, fields] of [
      ['bound arguments in a missing part', [['$ACTION_REF_1', ''], ['$ACTION_1:0', `{"id":"${id}","bound":"$@9"}`]]],
      ['bound arguments React cannot decode', [['$ACTION_REF_1', ''], ['$ACTION_1:0', `{"id":"${id}","bound":"$@1"}`], ['$ACTION_1:1', '["$Q2"]']]],
      ['a wrong bound argument', [['$ACTION_REF_1', ''], ['$ACTION_1:0', `{"id":"${id}","bound":"$@1"}`], ['$ACTION_1:1', '["x"]']]],
      ['no arguments at all', [[`$ACTION_ID_${id}`, '']]],
    ] as Array<[string, Array<[string, string]>]>) {
      requests.push({
        ...get('/support', anonymous, `a form for a real server action without scripts: ${what}`, { origin: baseUrl, 'sec-fetch-site': 'same-origin', 'content-type': 'multipart/form-data; boundary=----fuzz' }, 'POST'),
        body: form(fields),
      });
    }
  }
  // A form post without scripts is a server action to Next; a broken multipart body must not be a 500.
  for (const action of [undefined, '']) {
    requests.push({
      ...get('/support', visitor, `a malformed multipart form post${action === undefined ? '' : ' with an empty Next-Action header'}`, {
        ...(action !== undefined && { 'next-action': action }),
        origin: baseUrl,
        'sec-fetch-site': 'same-origin',
        'content-type': 'multipart/form-data; boundary=----fuzz',
      }, 'POST'),
      body: Buffer.from('a=1'),
    });
  }
  const upload = Buffer.from(JSON.stringify({ category: 'x'.repeat(50_000) }));
  requests.push({
    label: 'aborted upload half-way',
    method: 'POST',
    path: '/api/pageinfo',
    headers: { 'content-type': 'application/json', 'content-length': String(upload.length), 'sec-fetch-site': 'same-origin', 'x-xsrf-token': signedIn.xsrf, cookie: signedIn.cookie },
    body: upload,
    abortAfterBytes: upload.length / 2,
  });
  return requests;
}

// Plain JavaScript: server.mjs imports this before anything is compiled (see serverActions.d.mts).
import fs from 'node:fs';
import { argumentsProblem, boundActionProblem } from './actionReply.mjs';
import { edgeRefusal } from './refusal.mjs';
import { isSameOriginRequest } from './sameOrigin.mjs';

/**
 * A page accepts a POST only as one of the build's server actions. Next finds that out late: an
 * unknown action id costs three log lines with a stack trace, a multipart body it cannot parse a
 * 500, an Origin that does not name the Host a 500. The rules below decide it first, as Next would
 * (next/dist/server/app-render/action-handler.js and server-action-request-meta.js, Next 16).
 */

const ACTION_HEADER = 'next-action';
/** Next answers this header on an action it does not know; its client router reads it. */
export const ACTION_NOT_FOUND_HEADER = 'x-nextjs-action-not-found';
/** Next's own limit for a server action's body (serverActions.bodySizeLimit, not configured here). */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;
/** Every id Next generates has this length; another length is no id at all. */
const ACTION_ID_LENGTH = 42;

/** The ids of every server action in the build, from its server-reference manifest. */
export function actionIdsOf(manifest) {
  return new Set([...Object.keys(manifest?.node ?? {}), ...Object.keys(manifest?.edge ?? {})]);
}

/**
 * The ids of the actions each page has ({"app/support/page" → ids}): a form sent without JavaScript
 * runs only an action of the page it is posted to (Next does not forward it to another page).
 */
export function actionIdsByPage(manifest) {
  const byPage = new Map();
  for (const runtime of [manifest?.node ?? {}, manifest?.edge ?? {}]) {
    for (const [id, action] of Object.entries(runtime)) {
      for (const page of Object.keys(action?.workers ?? {})) byPage.set(page, new Set([...(byPage.get(page) ?? []), id]));
    }
  }
  return byPage;
}

/** The build's actions: every id, and the ids of each page. */
export function readActions(manifestFile) {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  return { ids: actionIdsOf(manifest), byPage: actionIdsByPage(manifest) };
}

function single(value) {
  return Array.isArray(value) ? value[0] : value;
}

/** A refusal of an action id the build does not have, with what Next itself would answer. */
function unknownAction(id) {
  return id.length === ACTION_ID_LENGTH
    ? edgeRefusal(409, 'this server action does not exist (any more): reload the page', { [ACTION_NOT_FOUND_HEADER]: '1' })
    : edgeRefusal(400, 'not a server action id', { [ACTION_NOT_FOUND_HEADER]: '1' });
}

const NOT_AN_ACTION = 'a page accepts a POST only from its own forms (a server action)';

/**
 * What to do with a POST to a page, before its body is read: {refusal}; {read: 'arguments'} for a
 * call from the page's script (the action id in the header, the arguments in the body); {read:
 * 'form'} for a form sent without JavaScript, which names its action in a field; or {} to hand it
 * to Next as it is.
 */
export function pagePostDecision(headers, actionIds) {
  // server.mjs has already removed X-Forwarded-Host unless proxies are trusted: what is left is what Next compares.
  if (!isSameOriginRequest((name) => single(headers[name]), true)) return { refusal: edgeRefusal(403, 'cross-origin request refused') };
  const id = single(headers[ACTION_HEADER]);
  const type = single(headers['content-type']);
  if (typeof id === 'string') {
    if (!actionIds.has(id)) return { refusal: unknownAction(id) };
    // Next does not read such a body: it answers the page's 404.
    return type === 'application/x-www-form-urlencoded' ? {} : { read: 'arguments' };
  }
  // Next's test, to the letter: only this spelling makes a POST without the header a possible action.
  if (type?.startsWith('multipart/form-data')) return { read: 'form' };
  return { refusal: edgeRefusal(400, NOT_AN_ACTION) };
}

/** One part of a multipart body by name, when it is there once and as text. */
function textField(entries, name) {
  const found = entries.filter(([other]) => other === name);
  return found.length === 1 && typeof found[0][1] === 'string' ? found[0][1] : undefined;
}

/**
 * The arguments of a call from the page's script: the body as text, or the [name, value] pairs of
 * a multipart body (parts "0", "1", …). Returns the refusal, or undefined when Next may decode it.
 */
export function argumentsRefusal(body) {
  const part = typeof body === 'string' ? (id) => (id === 0 ? body : undefined) : (id) => textField(body, String(id));
  const problem = argumentsProblem(part);
  return problem ? edgeRefusal(400, problem) : undefined;
}

/**
 * Whether a form sent without JavaScript names one of the build's actions, as React's decodeAction
 * reads it: a field "$ACTION_ID_<id>" (an action without bound arguments), or "$ACTION_REF_<n>"
 * with its parts "$ACTION_<n>:0" = {"id": "<id>", "bound": …}, "$ACTION_<n>:1", ….
 * entries: the form's [name, value] pairs. Returns the refusal, or undefined when Next may decode it.
 */
export function formActionRefusal(entries, actionIds) {
  let references = 0;
  let named;
  for (const [name] of entries) {
    if (!name.startsWith('$ACTION_')) continue;
    let id;
    if (name.startsWith('$ACTION_ID_')) {
      id = name.slice('$ACTION_ID_'.length);
    } else if (name.startsWith('$ACTION_REF_')) {
      // A form and its submit button may each name one; more is not React's.
      if (++references > 2) return edgeRefusal(400, 'the form names more than two server actions');
      const prefix = `$ACTION_${name.slice('$ACTION_REF_'.length)}:`;
      const descriptor = textField(entries, `${prefix}0`);
      // Next reads the id from the descriptor's start; React decodes all of it.
      if (!descriptor?.startsWith('{"id":"')) return edgeRefusal(400, `the form's field ${prefix}0 does not describe a server action`);
      const problem = boundActionProblem((part) => textField(entries, `${prefix}${part}`));
      if (problem) return edgeRefusal(400, problem);
      id = JSON.parse(descriptor).id;
    } else {
      continue;
    }
    if (!actionIds.has(id)) return unknownAction(id);
    named = id;
  }
  return named ? undefined : edgeRefusal(400, NOT_AN_ACTION);
}

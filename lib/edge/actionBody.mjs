// Plain JavaScript: server.mjs imports this before anything is compiled (see actionBody.d.mts).
import { readBody, replayBody } from './body.mjs';
import { edgeRefusal } from './refusal.mjs';
import { ACTION_BODY_LIMIT_BYTES, argumentsRefusal, formActionRefusal } from './serverActions.mjs';

/**
 * Reads the body of a POST to a page that pagePostDecision could not judge by its headers, and
 * judges it: the arguments of a call from the page's script ('arguments'), or a form sent without
 * JavaScript ('form'). actionIds: the actions a form may name (those of the page it is posted to).
 * Returns the refusal; 'aborted' when the client went away (nobody to answer); or undefined, and
 * then Next gets the body again to read for itself.
 */
export async function actionBodyRefusal(req, read, actionIds) {
  const body = await readBody(req, ACTION_BODY_LIMIT_BYTES);
  if (body === 'aborted') return 'aborted';
  // What is left of a body too large is not read: the connection cannot carry another request.
  if (body === 'too-large') return edgeRefusal(413, `a server action takes at most ${ACTION_BODY_LIMIT_BYTES} bytes`, { connection: 'close' });
  const type = req.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data')) {
    const refused = argumentsRefusal(body.toString('utf8'));
    if (!refused) replayBody(req, body);
    return refused;
  }
  let form;
  try {
    form = await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    return edgeRefusal(400, 'the body is not valid multipart/form-data');
  }
  const entries = [...form];
  const refused = read === 'form' ? formActionRefusal(entries, actionIds) : argumentsRefusal(entries);
  if (refused) return refused;
  // Next parses the form as it was parsed here: encoded again, so that its own parser cannot disagree.
  const encoded = new Response(form);
  const again = Buffer.from(await encoded.arrayBuffer());
  replayBody(req, again);
  req.headers['content-type'] = encoded.headers.get('content-type');
  req.headers['content-length'] = String(again.length);
  delete req.headers['transfer-encoding'];
  return undefined;
}

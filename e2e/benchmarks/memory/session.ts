import type { createClient, FuzzResponse } from '../../fuzz/http';
import { cookieHeader, cookiesOf } from '../../fuzz/sessions';

export type Client = ReturnType<typeof createClient>;
export type Session = { jar: Map<string, string>; xsrf: string };

export const newSession = (): Session => ({ jar: new Map(), xsrf: '' });

function remember(response: FuzzResponse, session: Session): void {
  cookiesOf(response, session.jar);
  const xsrf = session.jar.get('XSRF-TOKEN');
  if (xsrf) session.xsrf = decodeURIComponent(xsrf);
}

/** What a browser sends with a page load that matters here: it takes compressed pages (calls' answers are read, so they come plain). */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'de-DE,de;q=0.9' };

export async function page(client: Client, target: string, session?: Session): Promise<FuzzResponse> {
  const response = await client.send({ label: target, method: 'GET', path: target, headers: { ...BROWSER, accept: 'text/html', ...(session && { cookie: cookieHeader(session.jar) }) } });
  if (session) remember(response, session);
  return response;
}

export async function call(client: Client, session: Session, call: string, body: unknown): Promise<{ response: FuzzResponse; answer: Record<string, unknown> }> {
  const response = await client.send({
    label: call,
    method: 'POST',
    path: `/api/${call}`,
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'x-xsrf-token': session.xsrf, cookie: cookieHeader(session.jar) },
    body: Buffer.from(JSON.stringify(body)),
  });
  remember(response, session);
  let answer: Record<string, unknown> = {};
  try {
    answer = JSON.parse(response.body) as Record<string, unknown>;
  } catch {
    // counted by its status
  }
  return { response, answer };
}

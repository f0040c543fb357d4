import http from 'node:http';
import https from 'node:https';

/** One request exactly as the fuzz wants it on the wire (path and headers are not normalised). */
export type FuzzRequest = {
  /** What the request tries, for the report: e.g. "api submit/kodekodex/login: NUL in passwordHash". */
  label: string;
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: Buffer;
  /** Send only this many bytes of the body (Content-Length announces all of it), then drop the connection. */
  abortAfterBytes?: number;
  /** On a connection of its own, not a pooled kept-alive one (a request sent again after meeting one closed as idle). */
  freshConnection?: boolean;
};

export type FuzzResponse = {
  /**
   * HTTP status; 'aborted' for a request the fuzz broke off on purpose; 'closed while uploading' when
   * the server answered or hung up before a large body was sent in full (as a server may, e.g. after
   * a 405 or 413), so that the answer was lost on the way.
   */
  status: number | 'aborted' | 'closed while uploading';
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Why no answer came, when none did. */
  error?: string;
  /**
   * No answer came on a kept-alive connection used before: the server may have closed it as idle while
   * the request was on its way, unread (Node's request.reusedSocket; browsers send such a request again).
   */
  reusedConnection?: boolean;
};

const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** A long path for a report line: its start and its end, where the odd part often is. */
export function abbreviate(text: string, keep = 120): string {
  return text.length <= keep ? text : `${text.slice(0, keep / 2)}…(${text.length} characters)…${text.slice(-keep / 2)}`;
}

/**
 * Requests to 127.0.0.1:port over kept-alive connections (at most `concurrency`). With tls, over
 * HTTPS trusting only tls.ca, as a browser reaches a TLS proxy (e2e/support/nginx.ts). With
 * freshConnections, every request on a connection of its own, as node:cluster then hands each to the next worker.
 */
export function createClient(port: number, concurrency: number, timeoutMs: number, { tls, freshConnections = false }: { tls?: { ca: string }; freshConnections?: boolean } = {}) {
  const agent = tls ? new https.Agent({ keepAlive: !freshConnections, maxSockets: concurrency, ca: tls.ca }) : new http.Agent({ keepAlive: !freshConnections, maxSockets: concurrency });
  const open = tls ? https.request : http.request;

  function send(request: FuzzRequest): Promise<FuzzResponse> {
    return new Promise((resolve) => {
      let settled = false;
      const finish = (response: FuzzResponse) => {
        if (settled) return;
        settled = true;
        resolve(response);
      };
      let outgoing: http.ClientRequest;
      try {
        outgoing = open({
          host: '127.0.0.1',
          port,
          method: request.method,
          path: request.path,
          headers: request.headers,
          // A request broken off on purpose must not poison a pooled connection.
          agent: request.abortAfterBytes === undefined && !freshConnections && !request.freshConnection ? agent : tls ? new https.Agent({ ca: tls.ca }) : false,
          timeout: timeoutMs,
          setHost: !Object.keys(request.headers).some((name) => name.toLowerCase() === 'host'),
        });
      } catch (error) {
        // Node refuses to put some paths or headers on the wire; then there is nothing to judge.
        finish({ status: 'aborted', headers: {}, body: '', error: `not sendable: ${(error as Error).message}` });
        return;
      }
      outgoing.on('timeout', () => {
        finish({ status: 0, headers: {}, body: '', error: `no answer within ${timeoutMs} ms` });
        outgoing.destroy();
      });
      let answered: http.IncomingMessage | undefined;
      const chunks: Buffer[] = [];
      outgoing.on('error', (error) => {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (request.abortAfterBytes !== undefined) finish({ status: 'aborted', headers: {}, body: '' });
        else if (answered) finish({ status: answered.statusCode ?? 0, headers: answered.headers, body: Buffer.concat(chunks).toString('utf8') });
        else if ((request.body?.length ?? 0) > 64 * 1024 && ['ECONNRESET', 'EPIPE'].includes(code)) finish({ status: 'closed while uploading', headers: {}, body: '' });
        else finish({ status: 0, headers: {}, body: '', error: `${code} ${error.message}`.trim(), ...(outgoing.reusedSocket && { reusedConnection: true }) });
      });
      outgoing.on('response', (incoming) => {
        answered = incoming;
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_BODY_BYTES) chunks.push(chunk);
        });
        incoming.on('end', () => finish({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') }));
        incoming.on('error', (error) => finish({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8'), error: `answer broke off: ${error.message}` }));
      });
      if (request.abortAfterBytes !== undefined && request.body) {
        outgoing.write(request.body.subarray(0, request.abortAfterBytes), () => {
          setTimeout(() => {
            outgoing.destroy();
            finish({ status: 'aborted', headers: {}, body: '' });
          }, 20);
        });
        return;
      }
      outgoing.end(request.body);
    });
  }

  return { send, close: () => agent.destroy() };
}

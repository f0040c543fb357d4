/**
 * A stand-in upstream for the failure journeys: the embedded API served on its own port, with a
 * switch that makes chosen calls fail the way a real upstream can (down, slow, not JSON, HTTP 500).
 * Control: GET /__control (state), POST /__control {mode, paths?, times?}.
 * POST /__drop {keys} leaves these translation keys out of every answer, as an upstream whose
 * catalogue lacks them would (POST /__drop {} restores them); it does not touch the failure mode.
 * POST /__merge {answers: {<path>: {field: value}}} puts these fields into every JSON answer of
 * that path, over what the embedded API answered, as an upstream that sends them would (the
 * branding journeys: an ident code with a stylesheet and logo); POST /__merge {} restores them.
 */
import http from 'node:http';
import { loadConfig } from '@/lib/config';
import { startEmbeddedApi } from '@/lib/embedded-api';

type Mode = 'ok' | 'down' | 'slow' | 'not-json' | 'http-500';
type State = { mode: Mode; paths: string[] | null; times: number | null; calls: Record<string, number> };

const port = Number(process.argv[2] ?? 3199);
const state: State = { mode: 'ok', paths: null, times: null, calls: {} };
let droppedKeys: string[] = [];
let merged: Record<string, Record<string, unknown>> = {};

function withoutDroppedKeys(text: string): string {
  if (droppedKeys.length === 0) return text;
  try {
    const json = JSON.parse(text) as { translations?: Array<{ key: string }> };
    if (!Array.isArray(json.translations)) return text;
    json.translations = json.translations.filter((t) => !droppedKeys.includes(t.key));
    return JSON.stringify(json);
  } catch {
    return text;
  }
}

function withMergedFields(path: string, text: string): string {
  const fields = merged[path];
  if (!fields) return text;
  try {
    return JSON.stringify({ ...(JSON.parse(text) as object), ...fields });
  } catch {
    return text;
  }
}

async function main() {
  const api = await startEmbeddedApi(loadConfig({ ...process.env, SESSION_SECRET: 'standin-secret-standin-secret-standin-secret' }));
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '/').replace(/^\/+/, '').split('?')[0] ?? '';

    if (path === '__control') {
      if (req.method === 'POST') {
        const next = JSON.parse(body || '{}') as Partial<State>;
        state.mode = next.mode ?? 'ok';
        state.paths = next.paths ?? null;
        state.times = next.times ?? null;
        state.calls = {};
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(state));
      return;
    }
    if (path === '__drop') {
      droppedKeys = (JSON.parse(body || '{}') as { keys?: string[] }).keys ?? [];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: droppedKeys }));
      return;
    }
    if (path === '__merge') {
      merged = (JSON.parse(body || '{}') as { answers?: typeof merged }).answers ?? {};
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ answers: merged }));
      return;
    }
    state.calls[path] = (state.calls[path] ?? 0) + 1;
    const affected = state.mode !== 'ok' && (!state.paths || state.paths.includes(path)) && (state.times === null || state.times > 0);
    if (affected) {
      if (state.times !== null) state.times -= 1;
      if (state.mode === 'down') return void req.socket.destroy();
      if (state.mode === 'http-500') return void res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
      if (state.mode === 'not-json') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      if (state.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 5000));
    }
    const answer = await api.handle(
      new Request(`http://standin/${path}`, { method: req.method, body: req.method === 'POST' ? body : undefined, headers: req.headers as Record<string, string> }),
    );
    res.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
      // A real upstream sends these; the proxy must not pass them on.
      connection: 'keep-alive',
      'x-upstream': 'standin',
    });
    const contentType = answer.headers.get('content-type') ?? '';
    res.end(contentType.includes('json') ? withMergedFields(path, withoutDroppedKeys(await answer.text())) : Buffer.from(await answer.arrayBuffer()));
  });
  server.listen(port, '127.0.0.1');
}

void main();

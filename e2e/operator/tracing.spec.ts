import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as requestFactory, test, type APIRequestContext } from '@playwright/test';
import { DEMO_GROUP_CODES } from '@/lib/embedded-api/demo/groupRows';
import { DEMO_ASSESSMENTS } from '@/lib/embedded-api/demo/rows';
import { encodeAnswers, questionsPerPage } from '@/lib/flows/questionnaire';
import type { QuestionnairePageResponse } from '@/lib/api/schemas/questionnaire';
import { freePort, startServer, type RunningServer } from '../fuzz/server';
import { encryptCode } from '../support/api';
import { expect, needs } from '../support/deployed';
import { SERVER, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlpReceiver';

/**
 * Tracing as an operator turns it on (docs/operations.md#tracing): the production server started
 * as `npm start` starts it, with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a receiver in this
 * process. A group participant logs in, sets a personal key and asks for their access code by
 * mail (the SMTP server is down, which the log says), and an assessor signs in by the deep link
 * and turns a page of the questionnaire. Each request is one trace: its request span, the upstream
 * call in it and the call's database statements; the log line of the mail names that trace; and
 * no span holds a code, the key, the address or a cookie. Without the variable the server loads
 * no part of the OpenTelemetry SDK and registers nothing. No browser: the requests are the
 * browser's, sent as its pages send them.
 */
const BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
const GROUP = DEMO_GROUP_CODES.find((group) => group.code === 'KWDEMO01')!;
const ASSESSOR = DEMO_ASSESSMENTS.find((row) => row.identCode === 'P1DEMO01')!;
const PERSONAL_KEY = 'Lindenblatt-4711';
const MAIL = 'dora.tracing@example.org';
const PROBE = path.resolve('e2e/support/loadedModules.mjs');

type Loaded = { loaded: string[]; registered: string[] };
type Stopped = Loaded & { log: Array<Record<string, unknown>> };

/** The production server with the probe of what it loads (e2e/support/loadedModules.mjs), read once it has stopped. */
async function startWithProbe(port: number, env: Record<string, string>) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tracing-e2e-'));
  const loadedFile = path.join(folder, 'loaded.json');
  const server = await startServer({
    port,
    dataDir: path.join(folder, 'data'),
    logFile: path.join(folder, 'server.log'),
    env: { ...env, NODE_OPTIONS: `--import=${PROBE}`, LOADED_MODULES_FILE: loadedFile, SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, SMTP_TIMEOUT_MS: '2000' },
  });
  return {
    server,
    /** Stops the server (its last spans go out as it stops): what it had loaded, and its log's events. */
    stop: async (): Promise<Stopped> => {
      await server.stop();
      const loaded = JSON.parse(fs.readFileSync(loadedFile, 'utf8')) as Loaded;
      const log = server.logLines().flatMap((line) => (line.startsWith('{') ? [JSON.parse(line) as Record<string, unknown>] : []));
      fs.rmSync(folder, { recursive: true, force: true });
      return { ...loaded, log };
    },
  };
}

/** A browser's session: its cookies, and each call posted as the pages' script posts it. */
async function session(server: RunningServer) {
  const request = await requestFactory.newContext({ baseURL: server.baseUrl });
  const call = async <T = Record<string, unknown>>(call: string, body: unknown): Promise<T> => {
    const xsrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const answer = await request.post(`/api/${call}`, { data: body, headers: { 'x-xsrf-token': xsrf, origin: server.baseUrl } });
    expect(answer.status(), call).toBe(200);
    return (await answer.json()) as T;
  };
  const page = async (target: string) => expect((await request.get(target)).status(), target).toBe(200);
  return { request, call, page };
}

/** What the browser sends back that is nobody's business: the session and XSRF cookies. */
async function cookieValues(request: APIRequestContext): Promise<string[]> {
  return (await request.storageState()).cookies.map((cookie) => decodeURIComponent(cookie.value));
}

const spansOfTrace = (spans: ReceivedSpan[], traceId: string) => spans.filter((span) => span.traceId === traceId);

/**
 * The trace of the last POST that made this upstream call (a page's render may make it too): its
 * request span, the call's span, the call's statements.
 */
function traceOfCall(spans: ReceivedSpan[], callPath: string) {
  const posted = (span: ReceivedSpan) => spansOfTrace(spans, span.traceId).some((other) => other.parentSpanId === undefined && other.name.startsWith('POST '));
  const call = spans.filter((span) => span.name === `upstream ${callPath}` && posted(span)).at(-1);
  expect(call, `a span 'upstream ${callPath}' in the trace of a POST`).toBeDefined();
  const trace = spansOfTrace(spans, call!.traceId);
  const roots = trace.filter((span) => span.parentSpanId === undefined);
  // Transactions are spans of the database too; the statements are those with a summary.
  const statements = trace.filter((span) => span.attributes['db.system'] === 'postgresql' && span.name !== 'transaction');
  return { call: call!, roots, statements, trace };
}

test.describe('@operator tracing: spans to an OTLP receiver, the trace id in the log', needs('own-server'), () => {
  test.describe.configure({ timeout: 240_000 });
  let receiver: OtlpReceiver;

  test.beforeAll(async () => {
    receiver = await startOtlpReceiver();
  });
  test.afterAll(async () => {
    await receiver?.close();
  });

  test('with OTEL_EXPORTER_OTLP_ENDPOINT: one trace per request, from its request span to its statements, named in its log line, without codes', async () => {
    const started = await startWithProbe(BASE + 91, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_SERVICE_NAME: 'assessment-e2e' });
    const { server } = started;
    const secrets = [GROUP.code, encryptCode(GROUP.code), PERSONAL_KEY, encryptCode(PERSONAL_KEY), MAIL, ASSESSOR.identCode, ASSESSOR.accessCode!, encryptCode(ASSESSOR.accessCode!)];
    let stopped: Stopped;
    try {
      // A group participant: the deep link with the group code, login, personal key, the access code by mail.
      const member = await session(server);
      await member.page(`/kodew/${GROUP.code}/en`);
      expect(await member.call('submit/kodew/login', { groupcode: encryptCode(GROUP.code) })).toMatchObject({ statusCode: 1 });
      await member.page('/kodewgrouploginpersonal');
      const fields = GROUP.fields.map((field) => ({ id: field.id, value: field.fieldType === 'List' ? field.allowedValues![0]! : 'Klasse 7a' }));
      expect(await member.call('submit/kodew/personalinfo', { additionalFieldsWithValues: fields, password: encryptCode(PERSONAL_KEY) })).toMatchObject({ statusCode: 1 });
      // The e-mail step shows the personal access code the key now opens.
      await member.page('/kodewemail');
      const personal = await member.call<{ accessCode?: string }>('pageinfo/kodew/personalinfo', {});
      expect(personal.accessCode).toBeTruthy();
      secrets.push(personal.accessCode!);
      // Nothing listens on SMTP_URL's port: the mail is not sent, and the log says so during this request.
      await member.call('submit/kodew/sendaccesscode', { email: MAIL, accessCode: personal.accessCode, uiLanguage: 'en-US' });
      secrets.push(...(await cookieValues(member.request)));
      await member.request.dispose();

      // An assessor: the deep link with the ident code, the access code, the questionnaire, one page turn.
      const assessor = await session(server);
      await assessor.page(`/home/${ASSESSOR.identCode}`);
      expect(await assessor.call('submit/kodekodex/identcode', { assessmentIdentCode: ASSESSOR.identCode })).toMatchObject({ statusCode: 1 });
      await assessor.page('/accesscode');
      expect(await assessor.call('submit/kodekodex/login', { passwordHash: encryptCode(ASSESSOR.accessCode!) })).toMatchObject({ statusCode: 1 });
      await assessor.page('/questionnaire');
      const first = await assessor.call<QuestionnairePageResponse>('pageinfo/questionnaire', { questionStartIndex: 1 });
      const values = first.answervaluesConfig?.valueInfos.map((v) => v.value) ?? [];
      const answers = (first.questions ?? []).flatMap((q) => q.answerInfos.map((a, position) => ({ id: a.id, value: values[position % values.length]! })));
      const perPage = questionsPerPage(ASSESSOR.product);
      const turned = await assessor.call('pageinfo/questionnaire', { questionsPerPage: perPage, questionStartIndex: first.nextNavButtonQuestionStartIndex ?? 1 + perPage, answers: encodeAnswers(1, answers) });
      expect(turned).toMatchObject({ statusCode: 1 });
      secrets.push(...(await cookieValues(assessor.request)));
      await assessor.request.dispose();
    } finally {
      // The spans still queued go out as the server stops (server.mjs closes the tracing).
      stopped = await started.stop();
    }
    const spans = receiver.spans();
    expect(receiver.requests().every((request) => request.path === '/v1/traces' && request.contentType.startsWith('application/json'))).toBe(true);
    expect(spans[0]?.resource['service.name']).toBe('assessment-e2e');

    // The page of the deep link: named by its route pattern, not by the group code in its path.
    const deepLink = spans.find((span) => span.kind === SERVER && span.scope === 'assessment-web' && span.name.includes('/kodew/'));
    expect(deepLink?.name).toBe('GET /kodew/[[...params]]');
    expect(deepLink?.parentSpanId).toBeUndefined();

    // Login, the mail and the page turn: each one trace, whose root is the request, with the call and its statements in it.
    for (const callPath of ['submit/kodew/login', 'submit/kodew/sendaccesscode', 'pageinfo/questionnaire']) {
      const { call, roots, statements } = traceOfCall(spans, callPath);
      expect(roots.map((root) => [root.name, root.kind, root.scope]), callPath).toEqual([['POST /api/[...path]', SERVER, 'assessment-web']]);
      expect(call.attributes, callPath).toMatchObject({ 'upstream.call': callPath, 'upstream.transport': 'embedded' });
      expect(statements.length, callPath).toBeGreaterThan(0);
      for (const statement of statements) {
        expect(statement.attributes['db.query.summary'], callPath).toBe(statement.name);
        expect(statement.name, callPath).toMatch(/^[A-Z]+( [a-z_.]+)?$/);
      }
    }
    const pageTurn = traceOfCall(spans, 'pageinfo/questionnaire').statements.map((span) => span.name);
    expect(pageTurn.some((name) => /^(INSERT|UPDATE) /.test(name)), `the page turn saves: ${pageTurn.join(', ')}`).toBe(true);

    // The log line written during the mail's request names that request's trace.
    const mailTrace = traceOfCall(spans, 'submit/kodew/sendaccesscode').call.traceId;
    const mailLine = stopped.log.find((line) => line.event === 'mail_not_sent');
    expect(mailLine).toMatchObject({ trace_id: mailTrace });
    expect(spansOfTrace(spans, mailTrace).map((span) => span.spanId)).toContain(mailLine!.span_id);

    // Nothing a participant typed or holds reached a span: names, attributes, resource, as exported.
    const exported = receiver.rawBodies();
    expect(secrets.filter((secret) => exported.includes(secret)), 'codes, keys, addresses or cookies in the exported spans').toEqual([]);

    expect(stopped.loaded.some((file) => file.includes('/@opentelemetry/sdk-trace/'))).toBe(true);
    expect(stopped.registered.sort()).toEqual(['context', 'propagation', 'trace']);
  });

  test('without it: no part of the OpenTelemetry SDK is loaded, nothing registered, no trace ids in the log', async () => {
    const before = receiver.spans().length;
    const started = await startWithProbe(BASE + 92, {});
    let stopped: Stopped;
    try {
      const member = await session(started.server);
      await member.page(`/kodew/${GROUP.code}/en`);
      expect(await member.call('submit/kodew/login', { groupcode: encryptCode(GROUP.code) })).toMatchObject({ statusCode: 1 });
      await member.request.dispose();
      // A call without the cookies every page sets: logged (cookies_missing) during its request.
      const cookieless = await requestFactory.newContext({ baseURL: started.server.baseUrl });
      expect((await cookieless.post('/api/submit/kodew/login', { data: {}, headers: { origin: started.server.baseUrl } })).status()).toBe(403);
      await cookieless.dispose();
    } finally {
      stopped = await started.stop();
    }
    expect(stopped.log.map((line) => line.event)).toContain('cookies_missing');
    expect(stopped.log.filter((line) => 'trace_id' in line || 'span_id' in line)).toEqual([]);
    // Next itself loads @opentelemetry/api when it is installed (its no-op facade, in place of its own copy); nothing else.
    expect(stopped.loaded.filter((file) => !file.includes('/@opentelemetry/api/'))).toEqual([]);
    expect(stopped.registered).toEqual([]);
    expect(receiver.spans().length).toBe(before);
  });
});

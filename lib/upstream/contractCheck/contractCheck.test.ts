import { StatusCode } from '@/lib/api/codes';
import { keyStrengtheningOf } from '@/lib/embedded-api/keyStrengthening';
import { serveEmbeddedApi, type ServedApi } from '@/lib/embedded-api/serve';
import { sendTo, startTestApi, testSettings, type TestApi } from '@/lib/embedded-api/testApi';
import { main } from './cli';

/**
 * The contract check (npm run check:upstream) against the embedded API served on a port, with the
 * demo data and its codes: it passes, says what it changed and finishes nothing unasked. Then
 * against stand-ins of a real upstream: the same server with one answer of one call broken (a
 * field mistyped or missing, HTTP 500, no JSON, a field the contract does not know), where it must
 * name that field and that call, and nothing else; and an address where nobody answers.
 */
type Tamper = (path: string, answer: Response) => Promise<Response>;

let api: TestApi;
let served: ServedApi;
let tamper: Tamper | undefined;
/** Every token and access code the upstream answered with: none may be in a report. */
const secretsAnswered = new Set<string>();

const ALL_CODES = ['--ident-code', 'P1DEMO01', '--access-code', 'RANK4711', '--group-code', 'KWDEMO01', '--group-code', 'ra:RADEMO01', '--group-code', 'kodegroupcode:KGDEMO01', '--portal', 'PTDEMO01/1'];

async function remember(answer: Response): Promise<Response> {
  if (!answer.headers.get('content-type')?.includes('json')) return answer;
  const text = await answer.text();
  const json = JSON.parse(text) as Record<string, unknown>;
  for (const key of ['token', 'accessCode']) if (typeof json[key] === 'string' && json[key]) secretsAnswered.add(json[key]);
  return new Response(text, { status: answer.status, headers: answer.headers });
}

beforeAll(async () => {
  api = await startTestApi(testSettings('contract-check-secret-'.padEnd(40, 'c')));
  served = await serveEmbeddedApi(async (request) => {
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    const answer = await remember(await api.handle(request));
    return tamper ? tamper(path, answer) : answer;
  });
});

afterEach(() => {
  tamper = undefined;
});

afterAll(async () => {
  await served.close();
  // The personal keys the group flows set are strengthened after their answer (keyStrengthening.ts).
  await keyStrengtheningOf(api.db).idle();
  await keyStrengtheningOf(api.db).close();
  await api.db.close();
});

async function check(args: string[], url = served.url): Promise<{ code: number; report: string }> {
  const lines: string[] = [];
  const code = await main(['--url', url, ...args], {}, { out: (text) => lines.push(text), err: (text) => lines.push(text) });
  return { code, report: lines.join('\n') };
}

/** [call, failure] for every failure the report names, under the call whose line it follows. */
function failuresOf(report: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  let call = '';
  for (const line of report.split('\n')) {
    const head = /^ {2}(?:FAIL|ok) +\w+ +(\S+)/.exec(line);
    if (head) call = head[1]!;
    const failure = /^ +failure: (.*)$/.exec(line);
    if (failure) found.push([call, failure[1]!]);
  }
  return found;
}

/** The answer of one call changed as a real upstream might have it. */
function changeAnswer(call: string, change: (json: Record<string, unknown>) => void): Tamper {
  return async (path, answer) => {
    if (path !== call) return answer;
    const json = (await answer.json()) as Record<string, unknown>;
    change(json);
    return new Response(JSON.stringify(json), { status: answer.status, headers: { 'content-type': 'application/json; charset=utf-8' } });
  };
}

function answerWith(call: string, status: number, contentType: string, body: string): Tamper {
  return async (path, answer) => (path === call ? new Response(body, { status, headers: { 'content-type': contentType } }) : answer);
}

describe('against the embedded API with the demo codes', () => {
  it('passes: every call sent, each flow in a participant’s order, the data it changed said, no code or token shown', async () => {
    const { code, report } = await check(ALL_CODES);
    expect(failuresOf(report)).toEqual([]);
    expect(report).toMatch(/\nPASSED: 32 of 32 calls sent, 0 failures, \d+ notes?$/);
    expect(code).toBe(0);
    // The ident-code flow as the app makes its calls.
    const identFlow = report.split('\n\n').find((block) => block.startsWith('ident code P1****** with access code RA******:'))!;
    expect(identFlow.split('\n').map((line) => line.trim().split(/ +/).slice(0, 3).join(' '))).toEqual([
      'ident code P1******',
      'ok read pageinfo/kodekodex/login',
      'ok read submit/kodekodex/identcode',
      'ok change submit/kodekodex/login',
      'ok read pageinfo',
      'ok read pageinfo/questionnaire',
      'ok change pageinfo/questionnaire',
      'ok change pageinfo/error',
    ]);
    const changed = report.slice(report.indexOf('Data the check changed on the upstream:'));
    expect(changed).toContain('  - signed in to assessment P1******\n  - saved answers on page 1 of assessment P1******: answers chosen by the check\n  - signed out of assessment P1****** (its token is revoked)');
    expect(changed).toContain('  - sent an invoice form to portal PT******/1: the upstream recorded a transaction (nothing was paid)');
    expect(changed).toContain('No assessment was finished');
    expect(changed).not.toMatch(/- finished/);
    for (const secret of ['P1DEMO01', 'RANK4711', 'KWDEMO01', 'RADEMO01', 'KGDEMO01', 'PTDEMO01', ...secretsAnswered]) expect(report).not.toContain(secret);
    expect(secretsAnswered.size).toBeGreaterThan(5);
    // Not finished: the ident code still opens the assessment.
    expect((await sendTo(api.handle, 'submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01' }, '203.0.113.50')).answer.statusCode).toBe(StatusCode.Ok);
  }, 60_000);

  it('with --finish: a first login completed, every page answered, the assessment finished, and said so', async () => {
    const { code, report } = await check(['--ident-code', 'P1FIRST01', '--access-code', 'FIRST4711', '--finish']);
    expect(failuresOf(report)).toEqual([]);
    expect(code).toBe(0);
    expect(report).toContain('  - completed the first login of assessment P1******* (its personal key kept)');
    expect(report).toContain('  - saved answers on pages 1–6 of assessment P1*******: answers chosen by the check');
    expect(report).toContain('  - finished assessment P1*******');
    expect((await sendTo(api.handle, 'submit/kodekodex/identcode', { assessmentIdentCode: 'P1FIRST01' }, '203.0.113.51')).answer.statusCode).toBe(StatusCode.AssessmentAlreadyFinished);
  }, 60_000);
  it('with --email: each group participant’s access code is sent to that address only, and said so', async () => {
    const { code, report } = await check(['--group-code', 'KWDEMO01', '--group-code', 'kodegroupcode:KGDEMO01', '--email', 'contract-check@example.org']);
    expect(failuresOf(report)).toEqual([]);
    expect(code).toBe(0);
    expect(report).toContain('  - sent the access code of a new kodew participant (group code KW******) to c***@example.org');
    expect(report).toContain('  - sent the access code of a new kodegroupcode participant (group code KG******) to c***@example.org');
    const mails = await api.db.query<{ recipient: string }>('select recipient from mail_outbox');
    expect(mails.map((mail) => mail.recipient)).toEqual(['contract-check@example.org', 'contract-check@example.org']);
  }, 60_000);
});

describe('against a stand-in whose answer of one call breaks the contract', () => {
  it('a mistyped field: fails, naming the field and the call, and nothing else', async () => {
    tamper = changeAnswer('submit/kodekodex/login', (json) => (json.isFirstLogin = 'no'));
    const { code, report } = await check(['--ident-code', 'P1DEMO01', '--access-code', 'RANK4711']);
    expect(failuresOf(report)).toEqual([['submit/kodekodex/login', "field 'isFirstLogin' has the wrong type: expected boolean, got string"]]);
    expect(report).toMatch(/\nFAILED: .*, 1 failure, /);
    expect(code).toBe(1);
  }, 60_000);

  it('a missing field deep in an answer: names its path', async () => {
    tamper = changeAnswer('pageinfo/kodekodex/login', (json) => delete (json.translations as Array<Record<string, unknown>>)[0]!.key);
    const { code, report } = await check(['--ident-code', 'P1DEMO01']);
    expect(failuresOf(report)).toEqual([['pageinfo/kodekodex/login', "missing field 'translations[0].key' (expected string)"]]);
    expect(code).toBe(1);
  }, 60_000);

  it('HTTP 500 for one call: fails there, and the rest of that flow is sent only without a token', async () => {
    tamper = answerWith('submit/kodew/assessmentselection', 500, 'text/html', '<h1>Internal Server Error</h1>');
    const { code, report } = await check(['--group-code', 'KWDEMO01']);
    expect(failuresOf(report)).toEqual([
      ['submit/kodew/assessmentselection', 'HTTP 500'],
      ['submit/kodew/assessmentselection', 'gave no answer to go on with: the rest of this flow was not sent'],
    ]);
    expect(report).not.toContain('saved answers');
    expect(code).toBe(1);
  }, 60_000);

  it('an answer that is no JSON: fails, naming the call', async () => {
    tamper = answerWith('pageinfo/questionnaire', 200, 'text/html', '<html>maintenance</html>');
    const { code, report } = await check(['--group-code', 'ra:RADEMO01']);
    expect(failuresOf(report)).toEqual([
      ['pageinfo/questionnaire', 'answer is not JSON (content type text/html)'],
      ['pageinfo/questionnaire', 'gave no answer to go on with: the rest of this flow was not sent'],
    ]);
    expect(code).toBe(1);
  }, 60_000);

  it('a field the contract does not know: a note, and the check passes', async () => {
    tamper = changeAnswer('submit/kodekodex/identcode', (json) => (json.legacyFlags = { a: 1 }));
    const { code, report } = await check(['--ident-code', 'P1DEMO01', '--access-code', 'RANK4711']);
    expect(report).toMatch(/ {2}ok {4}read {4}submit\/kodekodex\/identcode +1 Ok\n +note: unknown field 'legacyFlags'\n/);
    expect(code).toBe(0);
  }, 60_000);
});

it('an upstream that does not answer: one failure, nothing else sent', async () => {
  const gone = await serveEmbeddedApi(api.handle);
  await gone.close();
  const { code, report } = await check(['--ident-code', 'P1DEMO01'], gone.url);
  expect(failuresOf(report)).toEqual([['pageinfo/headerfooter', expect.stringMatching(/^no answer: fetch failed \(.*ECONNREFUSED/)]]);
  expect(report).toContain('The upstream did not answer: nothing else was sent.');
  expect(report).toContain('FAILED: 1 of 32 calls sent');
  expect(code).toBe(1);
});

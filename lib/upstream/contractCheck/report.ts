import { CALL_PATHS } from '@/lib/api/catalogue';
import type { CheckLog, Sent } from './participant';
import { statusText } from './participant';
import { PROBE_FLOW } from './probes';
import { maskUrl } from './mask';

export type Summary = { calls: number; failures: number; notes: number; passed: boolean };

export function summarize(log: CheckLog): Summary {
  const findings = log.sent.flatMap((sent) => sent.findings);
  const failures = findings.filter((f) => f.level === 'failure').length;
  const reachedAll = log.sent.length > 0 && log.sent[0]!.reached;
  return { calls: new Set(log.sent.map((s) => s.path)).size, failures, notes: findings.length - failures, passed: failures === 0 && reachedAll };
}

const PATH_WIDTH = Math.max(...CALL_PATHS.map((path) => path.length));

function line(sent: Sent, reason: string | undefined): string[] {
  const failed = sent.findings.some((f) => f.level === 'failure');
  const status = sent.status === 'image' ? 'image' : sent.status !== undefined ? statusText(sent.status) : '';
  const head = `  ${failed ? 'FAIL' : 'ok  '}  ${sent.purpose.padEnd(6)}  ${sent.path.padEnd(PATH_WIDTH)}  ${status}`.trimEnd();
  return [
    head,
    ...(reason ? [`          (not sent for real: ${reason})`] : []),
    ...sent.findings.map((f) => `          ${f.level === 'failure' ? 'failure' : 'note'}: ${f.text}`),
  ];
}

/**
 * The report: each call as it was sent, flow by flow, with its answer's status and what the
 * contract says of it; the calls left out and why; the data the check changed; the verdict. It
 * names codes only masked and never a token or key.
 */
export function formatReport(log: CheckLog, options: { url: string; finish: boolean }): string {
  const out: string[] = [`Contract check of ${maskUrl(options.url)}: the calls of the specification (§7) as the app sends them, the answers judged by its contract (lib/api)`];
  let flow: string | undefined;
  for (const sent of log.sent) {
    if (sent.flow !== flow) {
      flow = sent.flow;
      out.push('', `${flow}:`);
    }
    out.push(...line(sent, sent.flow === PROBE_FLOW ? log.notSent.get(sent.path) : undefined));
  }
  const summary = summarize(log);
  const reached = log.sent[0]?.reached === true;
  if (!reached) out.push('', 'The upstream did not answer: nothing else was sent.');
  const left = CALL_PATHS.filter((path) => !log.wasSent(path));
  if (left.length > 0 && reached) {
    out.push('', 'Not sent:');
    for (const path of left) out.push(`  ${path}: ${log.notSent.get(path) ?? 'not reached'}`);
  }
  out.push('', 'Data the check changed on the upstream:');
  if (log.changes.length === 0) out.push('  nothing');
  for (const change of log.changes) out.push(`  - ${change}`);
  if (!options.finish) out.push('  No assessment was finished (--finish answers every page and finishes).');
  out.push(
    '',
    `${summary.passed ? 'PASSED' : 'FAILED'}: ${summary.calls} of ${CALL_PATHS.length} calls sent, ${summary.failures} ${summary.failures === 1 ? 'failure' : 'failures'}, ${summary.notes} ${summary.notes === 1 ? 'note' : 'notes'}`,
  );
  return out.join('\n');
}

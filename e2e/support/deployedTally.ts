/**
 * What the deployed check (deployed-check.ts) reads from Playwright's JSON reports: per flow tag
 * (@assessment, @group …) how many journeys ran, and how many it left out for a need the run
 * cannot have. Pure, so that jest checks the counting (deployedTally.test.ts).
 */
import { DEPLOYED_TAG, NEEDS_TAG, tagOf, type Need } from './needs';

/** The parts of Playwright's JSON report read here (its tags come without the '@'). */
export type JsonStatus = 'expected' | 'unexpected' | 'flaky' | 'skipped';
export type JsonSuite = { specs?: Array<{ tags: string[]; tests: Array<{ status: JsonStatus }> }>; suites?: JsonSuite[] };
export type JsonReport = { suites?: JsonSuite[] };

/** One journey in one project, with its tags as written ('@group', '@needs-smtp'). */
export type Journey = { tags: string[]; status: JsonStatus };

export function journeysOf(report: JsonReport): Journey[] {
  const walk = (suite: JsonSuite): Journey[] => [
    ...(suite.specs ?? []).flatMap((spec) => spec.tests.map((test) => ({ tags: spec.tags.map((tag) => `@${tag}`), status: test.status }))),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return (report.suites ?? []).flatMap(walk);
}

export const UNTAGGED = '(no flow tag)';

/** The flow tags of a journey: every tag but the @needs- ones and @deployed. */
const flowTags = (journey: Journey) => {
  const tags = journey.tags.filter((tag) => !tag.startsWith(NEEDS_TAG) && tag !== DEPLOYED_TAG);
  return tags.length > 0 ? tags : [UNTAGGED];
};

/** Journeys of the deployed check's sample that a run would leave out for a need it cannot have. */
export function sampleLeftOut(listed: Journey[], unmet: readonly Need[]): Journey[] {
  return listed.filter((journey) => journey.tags.includes(DEPLOYED_TAG) && unmet.some((need) => journey.tags.includes(tagOf(need))));
}

export type TagCount = { tag: string; ran: number; leftOut: Record<string, number> };

/**
 * Per flow tag, sorted by name: the journeys of the run that ran (skipped ones did not), and those
 * of the full list that carry a need of `unmet`, counted by that need (several joined by ' + ').
 */
export function perTag(listed: Journey[], run: Journey[], unmet: readonly Need[]): TagCount[] {
  const counts = new Map<string, TagCount>();
  const of = (tag: string) => counts.get(tag) ?? counts.set(tag, { tag, ran: 0, leftOut: {} }).get(tag)!;
  for (const journey of run) {
    if (journey.status !== 'skipped') for (const tag of flowTags(journey)) of(tag).ran += 1;
  }
  for (const journey of listed) {
    const missing = unmet.filter((need) => journey.tags.includes(tagOf(need)));
    if (missing.length === 0) continue;
    const key = missing.join(' + ');
    for (const tag of flowTags(journey)) of(tag).leftOut[key] = (of(tag).leftOut[key] ?? 0) + 1;
  }
  return [...counts.values()].sort((a, b) => a.tag.localeCompare(b.tag));
}

/** One line per tag: '@group: 41 ran, 8 left out (8 smtp)'. */
export function formatPerTag(counts: TagCount[]): string[] {
  return counts.map(({ tag, ran, leftOut }) => {
    const reasons = Object.entries(leftOut).map(([need, count]) => `${count} ${need}`);
    const total = Object.values(leftOut).reduce((sum, count) => sum + count, 0);
    return `${tag}: ${ran} ran${total > 0 ? `, ${total} left out (${reasons.join(', ')})` : ''}`;
  });
}

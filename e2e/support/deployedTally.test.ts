import { formatPerTag, journeysOf, perTag, sampleLeftOut, UNTAGGED, type JsonReport } from './deployedTally';

/** A report shaped as Playwright writes it: file suites, describe suites, specs with tags without '@', one test per project. */
const REPORT: JsonReport = {
  suites: [
    {
      specs: [],
      suites: [
        {
          specs: [
            { tags: ['group'], tests: [{ status: 'expected' }] },
            { tags: ['group', 'needs-smtp'], tests: [{ status: 'expected' }] },
            { tags: ['group'], tests: [{ status: 'skipped' }] },
          ],
        },
      ],
    },
    { specs: [{ tags: ['portal', 'needs-demo-payment'], tests: [{ status: 'flaky' }, { status: 'unexpected' }] }] },
    { specs: [{ tags: [], tests: [{ status: 'expected' }] }] },
  ],
};

describe('the deployed check\'s count per tag', () => {
  it('reads every journey of every project, nested describes too, tags with their @', () => {
    expect(journeysOf(REPORT)).toEqual([
      { tags: ['@group'], status: 'expected' },
      { tags: ['@group', '@needs-smtp'], status: 'expected' },
      { tags: ['@group'], status: 'skipped' },
      { tags: ['@portal', '@needs-demo-payment'], status: 'flaky' },
      { tags: ['@portal', '@needs-demo-payment'], status: 'unexpected' },
      { tags: [], status: 'expected' },
    ]);
    expect(journeysOf({})).toEqual([]);
  });

  it('counts what ran (failed and flaky too, never skipped) under its flow tag, not under its needs', () => {
    const counts = perTag([], journeysOf(REPORT), []);
    expect(counts).toEqual([
      { tag: UNTAGGED, ran: 1, leftOut: {} },
      { tag: '@group', ran: 2, leftOut: {} },
      { tag: '@portal', ran: 2, leftOut: {} },
    ]);
  });

  it('counts what the full list has with an unmet need as left out, by that need; a tag whose journeys were all left out still shows', () => {
    const listed = [
      { tags: ['@group'], status: 'skipped' as const },
      { tags: ['@group', '@needs-smtp'], status: 'skipped' as const },
      { tags: ['@group', '@needs-smtp'], status: 'skipped' as const },
      { tags: ['@foundation', '@needs-standin', '@needs-server-files'], status: 'skipped' as const },
      { tags: ['@operator', '@needs-own-server'], status: 'skipped' as const },
      // Met in this run: not left out.
      { tags: ['@assessment', '@needs-single-use-row'], status: 'skipped' as const },
    ];
    const run = [{ tags: ['@group'], status: 'expected' as const }];
    const counts = perTag(listed, run, ['standin', 'own-server', 'smtp', 'server-files']);
    expect(formatPerTag(counts)).toEqual([
      '@foundation: 0 ran, 1 left out (1 standin + server-files)',
      '@group: 1 ran, 2 left out (2 smtp)',
      '@operator: 0 ran, 1 left out (1 own-server)',
    ]);
  });

  it('@deployed marks the sample, not a flow: its journeys count under their flow tag', () => {
    const run = [{ tags: ['@group', '@deployed'], status: 'expected' as const }];
    expect(formatPerTag(perTag([], run, []))).toEqual(['@group: 1 ran']);
  });

  it('finds the journeys of the sample that a run would leave out for an unmet need, and only those', () => {
    const listed = [
      { tags: ['@group', '@deployed', '@needs-smtp'], status: 'skipped' as const },
      { tags: ['@group', '@needs-smtp'], status: 'skipped' as const },
      { tags: ['@portal', '@deployed', '@needs-demo-payment'], status: 'skipped' as const },
      { tags: ['@foundation', '@deployed'], status: 'skipped' as const },
    ];
    expect(sampleLeftOut(listed, ['smtp'])).toEqual([listed[0]]);
    expect(sampleLeftOut(listed, [])).toEqual([]);
  });
});

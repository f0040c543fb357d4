/**
 * One Lighthouse run, in plain node: `node lighthouse-run.mjs <DevTools port> <url>` prints the
 * figures of the report as one line of JSON on stdout. Not under tsx: its transform adds __name()
 * around Lighthouse's named functions, which Lighthouse then sends into the page as text, where
 * __name does not exist ("__name is not defined").
 * Lighthouse's default configuration: mobile form factor and screen, simulated throttling.
 */
import lighthouse from 'lighthouse';

const [port, url] = process.argv.slice(2);
if (!port || !url) {
  console.error('usage: node lighthouse-run.mjs <port> <url>');
  process.exit(2);
}

const result = await lighthouse(url, {
  port: Number(port),
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance', 'accessibility', 'best-practices'],
});
if (!result) {
  console.error('Lighthouse returned no result');
  process.exit(1);
}
const { lhr } = result;
const score = (category) => (category?.score === null || category?.score === undefined ? undefined : Math.round(category.score * 100));
const numeric = (id) => lhr.audits[id]?.numericValue;
/** Audits of the three categories that did not pass, so that a score below 100 says why. */
const failed = [];
for (const key of ['performance', 'accessibility', 'best-practices']) {
  for (const ref of lhr.categories[key]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
    failed.push({ category: key, id: ref.id, score: audit.score, displayValue: audit.displayValue });
  }
}
console.log(
  JSON.stringify({
    lighthouseVersion: lhr.lighthouseVersion,
    finalUrl: lhr.finalDisplayedUrl,
    formFactor: lhr.configSettings.formFactor,
    throttlingMethod: lhr.configSettings.throttlingMethod,
    performance: score(lhr.categories.performance),
    accessibility: score(lhr.categories.accessibility),
    bestPractices: score(lhr.categories['best-practices']),
    cumulativeLayoutShift: numeric('cumulative-layout-shift'),
    firstContentfulPaintMs: numeric('first-contentful-paint'),
    largestContentfulPaintMs: numeric('largest-contentful-paint'),
    totalBlockingTimeMs: numeric('total-blocking-time'),
    speedIndexMs: numeric('speed-index'),
    runtimeError: lhr.runtimeError?.message,
    warnings: lhr.runWarnings.length ? lhr.runWarnings.map(String) : undefined,
    failedAudits: failed,
  }),
);

import type { Reporter, TestCase } from '@playwright/test/reporter';

/**
 * Against BASE_URL (playwright.config.ts): says at the end why journeys were skipped, one line per
 * reason, since the list reporter shows a skipped journey without its reason.
 */
export default class SkipReasons implements Reporter {
  private readonly skipped = new Map<string, string[]>();

  onTestEnd(test: TestCase): void {
    const reason = test.annotations.find((a) => a.type === 'skip')?.description;
    if (test.expectedStatus !== 'skipped' || !reason) return;
    this.skipped.set(reason, [...(this.skipped.get(reason) ?? []), test.titlePath().slice(2).join(' › ')]);
  }

  onEnd(): void {
    if (this.skipped.size === 0) return;
    const lines = ['', 'Skipped against the deployed instance:'];
    for (const [reason, titles] of this.skipped) lines.push(`  ${titles.length} × ${reason}`, ...titles.map((t) => `      ${t}`));
    console.log(lines.join('\n'));
  }

  printsToStdio(): boolean {
    return true;
  }
}

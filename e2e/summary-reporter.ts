/**
 * Prints one summary line at the end of the run, e.g. `e2e: 9 passed, 0 failed, 0 flaky, 0 skipped (12.3 s)`,
 * after it every flaky test (one that passed only on a retry, which CI allows): each is a defect to fix.
 */
import type { FullResult, Reporter, TestCase } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private readonly counts = { passed: 0, failed: 0, skipped: 0 };
  private readonly seen = new Set<TestCase>();

  onTestEnd(test: TestCase): void {
    this.seen.add(test);
  }

  onEnd(result: FullResult): void {
    const flaky: string[] = [];
    for (const test of this.seen) {
      const outcome = test.outcome();
      if (outcome === 'expected') this.counts.passed += 1;
      // The title path names the project and the spec file: `chromium › tests/x.spec.ts › …`.
      else if (outcome === 'flaky')
        flaky.push(`${test.titlePath().filter(Boolean).join(' › ')} (line ${test.location.line})`);
      else if (outcome === 'skipped') this.counts.skipped += 1;
      else this.counts.failed += 1;
    }
    const { passed, failed, skipped } = this.counts;
    const seconds = (result.duration / 1000).toFixed(1);
    console.log(
      `e2e: ${passed} passed, ${failed} failed, ${flaky.length} flaky, ${skipped} skipped (${seconds} s) — ${result.status}`,
    );
    for (const title of flaky) console.log(`e2e: flaky, passed only on retry: ${title}`);
  }

  printsToStdio(): boolean {
    return true;
  }
}

/** Prints one summary line at the end of the run, e.g. `e2e: 9 passed, 0 failed, 0 flaky, 0 skipped (12.3 s)`. */
import type { FullResult, Reporter, TestCase } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private readonly counts = { passed: 0, failed: 0, flaky: 0, skipped: 0 };
  private readonly seen = new Set<TestCase>();

  onTestEnd(test: TestCase): void {
    this.seen.add(test);
  }

  onEnd(result: FullResult): void {
    for (const test of this.seen) {
      const outcome = test.outcome();
      if (outcome === 'expected') this.counts.passed += 1;
      else if (outcome === 'flaky') this.counts.flaky += 1;
      else if (outcome === 'skipped') this.counts.skipped += 1;
      else this.counts.failed += 1;
    }
    const { passed, failed, flaky, skipped } = this.counts;
    const seconds = (result.duration / 1000).toFixed(1);
    console.log(
      `e2e: ${passed} passed, ${failed} failed, ${flaky} flaky, ${skipped} skipped (${seconds} s) — ${result.status}`,
    );
  }

  printsToStdio(): boolean {
    return true;
  }
}

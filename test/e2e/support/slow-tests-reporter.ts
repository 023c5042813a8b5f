/**
 * A Playwright reporter beside the list: at the end of the run it lists every test that took more than a
 * third of its timeout (test/support/slow-tests.ts), a test's own test.setTimeout included.
 */
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter'
import { isSlow, slowTestLines, type SlowTest } from '../../support/slow-tests'

export default class SlowTestsReporter implements Reporter {
  private readonly slow: SlowTest[] = []

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'passed') return
    if (isSlow(result.duration, test.timeout))
      this.slow.push({
        name: `${test.parent.project()?.name ?? ''} ${test.titlePath().slice(2).join(' › ')}`,
        durationMs: result.duration,
        timeoutMs: test.timeout,
      })
  }

  onEnd(): void {
    process.stdout.write(`${slowTestLines('e2e', this.slow).join('\n')}\n`)
  }

  printsToStdio(): boolean {
    return true
  }
}

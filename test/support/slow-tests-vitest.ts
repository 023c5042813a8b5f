/**
 * A Vitest reporter beside the default one: at the end of the run it lists every test that took more than
 * a third of its timeout (test/support/slow-tests.ts). Hooks are not tests and are left out.
 */
import type { Reporter, TestCase } from 'vitest/node'
import { isSlow, slowTestLines, type SlowTest } from './slow-tests'

export default class SlowTestsReporter implements Reporter {
  private readonly slow: SlowTest[] = []

  onTestCaseResult(test: TestCase): void {
    const d = test.diagnostic()
    if (!d || test.result().state !== 'passed') return
    if (isSlow(d.duration, test.options.timeout))
      this.slow.push({
        name: `${test.module.moduleId.replace(`${process.cwd()}/`, '')} › ${test.fullName}`,
        durationMs: d.duration,
        timeoutMs: test.options.timeout as number,
      })
  }

  onTestRunEnd(): void {
    process.stdout.write(`${slowTestLines('vitest', this.slow).join('\n')}\n`)
  }
}

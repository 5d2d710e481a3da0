/**
 * For the runner's own skip (`it.skipIf`, `describe.skipIf`): answers `skip` and, when it is
 * true, prints why at collection time, so the run shows the reason beside the skipped count
 * (tests/run-all.mjs counts Vitest's skipped tests from its JSON report). A test that cannot run
 * here is reported skipped, never a `return` that counts it as passed.
 *
 *   it.skipIf(skipBecause(WINDOWS, 'Windows has no mode bits'))('is readable by its owner only', …)
 */
export function skipBecause(skip: boolean, reason: string): boolean {
  if (skip) console.warn(`skipped: ${reason}`);
  return skip;
}

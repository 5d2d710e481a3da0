import { expect, test, type Page } from '@playwright/test';
import { loadPoint } from '../bench/links-bench.js';

/*
 * The links bench's wait for a cold load's first rows (tests/bench/links-bench.ts, loadPoint):
 * it must read the page's own figure without running Playwright's injected script in the page,
 * whose first evaluation took 11-47 ms of a fresh renderer's main thread inside the loads being
 * timed. The control shows the script is seen where it is run (waitForFunction).
 */

/** The length of every script the page's renderer compiles from now on. */
async function scriptsParsed(page: Page): Promise<number[]> {
  const cdp = await page.context().newCDPSession(page);
  const lengths: number[] = [];
  cdp.on('Debugger.scriptParsed', (event) => lengths.push(event.length ?? 0));
  await cdp.send('Debugger.enable');
  return lengths;
}

const LATE_VALUE = `<!doctype html><title>load point</title><script>setTimeout(() => { window.__point = { at: 42 }; }, 150);</script>`;
/** Playwright's injected script is hundreds of kB; the page's own scripts and the polls are small. */
const INJECTED_SCRIPT_CHARS = 50_000;

test('bench: loadPoint returns the page\'s value once it is set, without Playwright\'s injected script', async ({ page }) => {
  const lengths = await scriptsParsed(page);
  await page.setContent(LATE_VALUE);
  expect(await loadPoint<{ at: number }>(page, 'window.__point')).toEqual({ at: 42 });
  expect(lengths.length).toBeGreaterThan(0);
  expect(Math.max(...lengths)).toBeLessThan(INJECTED_SCRIPT_CHARS);
});

test('bench: waitForFunction, the wait loadPoint replaces, runs the injected script in the page (the control)', async ({ page }) => {
  const lengths = await scriptsParsed(page);
  await page.setContent(LATE_VALUE);
  await page.waitForFunction(() => (window as unknown as { __point?: unknown }).__point);
  expect(Math.max(...lengths)).toBeGreaterThan(INJECTED_SCRIPT_CHARS);
});

test('bench: loadPoint gives up with the expression in its words after its bound', async ({ page }) => {
  await page.setContent('<!doctype html><title>never</title>');
  await expect(loadPoint(page, 'window.__never', 300)).rejects.toThrow('window.__never not true 300 ms after the load began');
});

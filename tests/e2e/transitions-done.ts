import type { Page } from '@playwright/test';

/**
 * Resolves once every finite animation and transition on the page has finished. axe reads
 * colours as drawn: an element still fading in (Naive UI's transitions) has text at part of its
 * contrast, which axe reports (it did, on a loaded machine). Endless ones, a spinner, are left
 * out: they never finish.
 */
export async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

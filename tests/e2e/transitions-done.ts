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

/**
 * Resolves on the first animation frame at which nothing on the screen is on its way anywhere:
 * no finite animation or transition running, no element of a Vue transition between its enter
 * and leave classes (Naive UI's fades add them a frame before the CSS transition itself starts,
 * so `getAnimations()` alone sees nothing in that frame), and the fonts loaded. Unlike
 * transitionsDone it also waits out what starts after it was called (data arriving and fading in
 * while the first fade ran), which is what made the accessibility scans read half-drawn text.
 */
export async function screenSettled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(
    () => {
      const moving = document
        .getAnimations()
        .some((animation) => animation.playState !== 'finished' && animation.playState !== 'idle' && animation.effect?.getComputedTiming().endTime !== Infinity);
      if (moving) return false;
      return document.querySelector('[class*="-enter-from"], [class*="-enter-active"], [class*="-leave-active"], [class*="-leave-to"]') === null;
    },
    undefined,
    // A failure bound, not an expectation: a screen that never stops moving fails here, named.
    { polling: 'raf', timeout: 60_000 },
  );
}

import { onTestFinished } from 'vitest';
import type { NavigationFailure, RouteLocationNormalized, Router } from 'vue-router';

/*
 * Waits on what the page itself signals, never on a guessed time: code loaded on first use (a
 * lazy view, the palette, the link detail) takes as long as the machine needs, which on a cold
 * module cache under load is seconds. A wait that never ends is bounded by the test's timeout.
 */

/**
 * Resolves once `check()` holds: tried at once, then after every change to the document (nodes,
 * attributes, text). Wait on a state the app shows (`data-status="ready"`, `data-running="false"`,
 * an element that appears), then assert on it as usual.
 */
export function untilDom(check: () => boolean): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!check()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    // A test that fails while waiting must not leave its observer to the next one.
    onTestFinished(() => observer.disconnect());
  });
}

/** The element `selector` finds, once there is one. */
export async function untilElement<E extends Element = HTMLElement>(selector: string): Promise<E> {
  await untilDom(() => document.querySelector(selector) !== null);
  return document.querySelector<E>(selector)!;
}

export interface Navigation {
  to: RouteLocationNormalized;
  failure: NavigationFailure | void | undefined;
}

/**
 * The next navigation the router finishes, successful or not. A route's lazy component is loaded
 * before its navigation ends, so the view is the current one when this resolves.
 */
export function nextNavigation(router: Router): Promise<Navigation> {
  return new Promise((resolve) => {
    const stop = router.afterEach((to, _from, failure) => {
      stop();
      resolve({ to, failure });
    });
    onTestFinished(stop);
  });
}

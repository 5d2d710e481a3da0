import type { Directive } from 'vue';

/**
 * `v-card-heading` on an NCard: Naive UI (2.45) marks a card's header row and its title both
 * `role="heading"` without a level, which axe reports as critical (aria-required-attr) and a
 * screen reader announces as two headings around the header's buttons. The row becomes `none`
 * and the title a heading of the given level (default 2: the page title is the h1).
 */
function fix(el: HTMLElement, level: number): void {
  const header = el.querySelector<HTMLElement>(':scope > .n-card-header[role="heading"]');
  if (header) header.setAttribute('role', 'none');
  const title = el.querySelector<HTMLElement>(':scope > .n-card-header > .n-card-header__main[role="heading"]');
  if (title && title.getAttribute('aria-level') !== String(level)) title.setAttribute('aria-level', String(level));
}

export const vCardHeading: Directive<HTMLElement, number | undefined> = {
  mounted: (el, binding) => fix(el, binding.value ?? 2),
  // A card whose title appears later (v-if inside the header) gets it fixed then.
  updated: (el, binding) => fix(el, binding.value ?? 2),
};

/** The same fix for a card the directive cannot reach (a modal's preset card, after it entered). */
export const fixCardHeading = (el: HTMLElement, level = 2): void => fix(el, level);

/**
 * For `@after-enter` of an NModal with `preset="card"`: the card is teleported to the end of <body>,
 * so it is found by the class the modal gives it (every match: a dialog may still be leaving).
 */
export function fixModalHeadings(selector: string, level = 2): void {
  for (const el of document.querySelectorAll<HTMLElement>(selector)) fix(el, level);
}

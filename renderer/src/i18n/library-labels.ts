import { t } from './index.js';

/*
 * Naive UI's close buttons (drawers, alerts, notices, dialogs) and spinners carry fixed English
 * aria-labels, "close" and "loading" (naive-ui/es/_internal/close/src/Close.mjs,
 * _internal/loading/src/Loading.mjs), which no locale of the library replaces: a screen reader
 * would say them in every language. Each one that appears gets the app's word instead, and a
 * language switch relabels those on screen.
 *
 * The observer sees every element added anywhere, a keystroke's rows and badges included (issue
 * 43: 0.53 ms a keystroke when each added element cost two `t()` and two `querySelectorAll`). So
 * a batch asks for each word at most once, and only when it holds such an element; an element is
 * checked by its class and the first hit of a live `getElementsByClassName` (no selector to
 * parse, stops at the first match), a row's badge with nothing inside costing next to nothing.
 */
const LABELS = [
  { className: 'n-base-close', key: 'common.close' },
  { className: 'n-base-loading', key: 'common.loading' },
] as const;

function setLabel(el: Element, label: string): void {
  if (el.hasAttribute('aria-label') && el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
}

function relabel(roots: ReadonlyArray<Element | Document>): void {
  for (const { className, key } of LABELS) {
    let label: string | undefined;
    for (const root of roots) {
      const self = root instanceof Element && root.classList.contains(className);
      const inside = root.getElementsByClassName(className);
      if (!self && inside[0] === undefined) continue;
      label ??= t(key);
      if (self) setLabel(root, label);
      for (const el of inside) setLabel(el, label);
    }
  }
}

export function translateLibraryLabels(): { relabelAll(): void } {
  const observer = new MutationObserver((records) => {
    const added: Element[] = [];
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) added.push(node);
    if (added.length) relabel(added);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  relabel([document]);
  return { relabelAll: () => relabel([document]) };
}

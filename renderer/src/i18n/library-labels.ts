import { t } from './index.js';

/*
 * Naive UI's close buttons (drawers, alerts, notices, dialogs) and spinners carry fixed English
 * aria-labels, "close" and "loading" (naive-ui/es/_internal/close/src/Close.mjs,
 * _internal/loading/src/Loading.mjs), which no locale of the library replaces: a screen reader
 * would say them in every language. Each one that appears gets the app's word instead, and a
 * language switch relabels those on screen.
 */
const LABELS = [
  { selector: '.n-base-close', key: 'common.close' },
  { selector: '.n-base-loading', key: 'common.loading' },
] as const;

function relabel(root: ParentNode): void {
  for (const { selector, key } of LABELS) {
    const label = t(key);
    const found = root instanceof Element && root.matches(selector) ? [root, ...root.querySelectorAll(selector)] : [...root.querySelectorAll(selector)];
    for (const el of found) if (el.hasAttribute('aria-label') && el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
  }
}

export function translateLibraryLabels(): { relabelAll(): void } {
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) relabel(node);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  relabel(document);
  return { relabelAll: () => relabel(document) };
}

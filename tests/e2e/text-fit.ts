import type { Page } from '@playwright/test';

/**
 * Words that do not fit their box (issue 44, item 5): German and French run 20–35 % longer than
 * English, and a person must never meet a button in two lines or a label cut to "Verknüpf…".
 * Found through the DOM of the page as drawn, for the elements whose words are meant to stay
 * whole on one line:
 *
 * - `wrapped`: a button, tab, menu item, segmented choice or short label whose text runs over
 *   more than one line (its text's line boxes, read with a Range, lie on different lines).
 * - `cut`: the same elements, and every form label and checkbox/radio/switch label, whose text
 *   is wider than a box that clips it (scrollWidth > clientWidth on the element or on a clipping
 *   box inside it, as Naive UI's ellipsis does), or whose text is drawn past the element's edge.
 *
 * Long sentences (a checkbox's explanation) may wrap; they may not be cut. Data cut on purpose,
 * its whole text in a `title` (a long name in a list), is not a fault.
 */
export interface TextFitFault {
  kind: 'wrapped' | 'cut';
  where: string;
  text: string;
  detail: string;
}

/** Must stay on one line: the controls a person clicks, and the short labels naming things. */
const ONE_LINE = [
  'button',
  '[role=button]',
  '[role=tab]',
  '[role=menuitem]',
  '[role=option]',
  '.n-button',
  '.n-tabs-tab',
  '.n-radio-button',
  '.n-tag',
  '.n-form-item-label',
  '.n-card-header__main',
  '[data-testid=page-title]',
  '.app-sidebar a',
  // A detail's field names ("Meta-Beschreibung" in a 130 px column broke after its hyphen).
  'dt',
];
/** May wrap (sentences), never cut. */
const WHOLE = [
  'label',
  '.n-checkbox__label',
  '.n-radio__label',
  '.n-switch__rail',
  '[role=columnheader]',
  'th',
  '[data-no-cut]',
  // A select's placeholder names what it does ("Attribuer à une campagne…" was cut to "…campa").
  '.n-base-selection-placeholder',
];

/** Runs in the page. */
function findTextFaults(selectors: { oneLine: string[]; whole: string[] }): TextFitFault[] {
  const SLACK = 1.5;
  const faults: TextFitFault[] = [];
  const name = (el: Element): string => {
    const id = el.getAttribute('data-testid') ?? el.closest('[data-testid]')?.getAttribute('data-testid');
    const cls = typeof el.className === 'string' ? el.className.split(/\s+/).filter(Boolean).slice(0, 2).join('.') : '';
    return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${id ? ` in [data-testid=${id}]` : ''}`;
  };
  const visible = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    if (r.bottom < 0 || r.top > window.innerHeight || r.right < 0 || r.left > window.innerWidth) return false;
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0 && !s.clip.startsWith('rect');
  };
  /** The rectangles of the element's own visible words, one per line fragment. */
  const textRects = (el: Element): DOMRect[] => {
    const rects: DOMRect[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!(node.textContent ?? '').trim()) continue;
      const parent = node.parentElement;
      if (!parent || !visible(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 0.5 && r.height > 0.5) rects.push(r);
    }
    return rects;
  };
  /** How many lines the rectangles lie on: a fragment starting below the middle of the line above is a new line. */
  const lineCount = (rects: DOMRect[]): number => {
    const sorted = [...rects].sort((a, b) => a.top - b.top);
    let lines = 0;
    let bottom = -Infinity;
    for (const r of sorted) {
      if (r.top + r.height / 2 > bottom) {
        lines += 1;
        bottom = r.bottom;
      } else bottom = Math.max(bottom, r.bottom);
    }
    return lines;
  };
  const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 48);
  const seen = new Set<Element>();
  const cut = (el: Element): string | null => {
    // Data cut on purpose with its whole text in a title (a QR code's long name): not a label.
    const whole = (el.closest('[title]')?.getAttribute('title') ?? '').replace(/\s+/g, ' ').trim();
    if (whole && whole === (el.textContent ?? '').replace(/\s+/g, ' ').trim()) return null;
    // The element or a box inside it that clips (ellipsis, overflow hidden) narrower than its words.
    for (const box of [el, ...el.querySelectorAll('*')]) {
      if (!visible(box)) continue;
      const s = getComputedStyle(box);
      if (s.overflowX === 'visible' || !(box.textContent ?? '').trim()) continue;
      // A scroll area is not a cut: its words are reached by scrolling.
      if (/(auto|scroll)/.test(s.overflowX)) continue;
      if (box.scrollWidth > box.clientWidth + SLACK) return `${name(box)} needs ${box.scrollWidth}px, has ${box.clientWidth}px`;
    }
    // Words drawn past the element's own edge (a fixed-width button with nowrap words).
    const r = el.getBoundingClientRect();
    for (const t of textRects(el)) {
      if (t.right > r.right + SLACK || t.left < r.left - SLACK) return `words reach ${Math.round(t.left)}–${Math.round(t.right)}px, the box ${Math.round(r.left)}–${Math.round(r.right)}px`;
    }
    return null;
  };

  for (const el of document.querySelectorAll(selectors.oneLine.join(','))) {
    if (seen.has(el) || !visible(el) || !text(el)) continue;
    // A control inside another one-line control is judged with it.
    seen.add(el);
    for (const inner of el.querySelectorAll(selectors.oneLine.join(','))) seen.add(inner);
    const lines = lineCount(textRects(el));
    if (lines > 1) faults.push({ kind: 'wrapped', where: name(el), text: text(el), detail: `${lines} lines` });
    const c = cut(el);
    if (c) faults.push({ kind: 'cut', where: name(el), text: text(el), detail: c });
  }
  for (const el of document.querySelectorAll(selectors.whole.join(','))) {
    if (seen.has(el) || !visible(el) || !text(el)) continue;
    seen.add(el);
    const c = cut(el);
    if (c) faults.push({ kind: 'cut', where: name(el), text: text(el), detail: c });
  }
  return faults;
}

/** The words that do not fit on the page as drawn now. */
export async function textFitFaults(page: Page): Promise<TextFitFault[]> {
  // Under tsx esbuild wraps named functions in a `__name` helper the page does not have.
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate(findTextFaults, { oneLine: ONE_LINE, whole: WHOLE });
}

export function textFitLines(faults: readonly TextFitFault[]): string[] {
  return faults.map((f) => `${f.kind}: "${f.text}" (${f.where}): ${f.detail}`);
}

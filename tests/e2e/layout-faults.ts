import type { Page } from '@playwright/test';

/**
 * The layout faults a person sees (issue 37, item 3), found through the DOM of the page as it is
 * drawn: used by the every-view e2e test (so `npm test` keeps them fixed) and by
 * `npm run docs:screenshots` on each picture's page.
 *
 * - `overflow`: the page, or the frame's content area, is wider than the window (a horizontal
 *   scroll bar, or columns off-screen).
 * - `outside`: an element drawn outside its frame (a table, a list grid, the content area), where
 *   no scroll container between them clips it: rows spilling below the list's border.
 * - `covered`: a header (a column header, the page title) under something else at its centre.
 * - `cut`: a column header or a mark the app never means to cut (a badge, a count; marked
 *   `data-no-cut`) narrower than its content: "State" drawn as "t", a badge as "…".
 */
export interface LayoutFault {
  kind: 'overflow' | 'outside' | 'covered' | 'cut';
  /** The element, as a short selector-like name (test id, role, class). */
  where: string;
  detail: string;
}

/** Runs in the page: the faults of what is on screen now. */
function findFaults(): LayoutFault[] {
  const faults: LayoutFault[] = [];
  const name = (el: Element): string => {
    const id = el.getAttribute('data-testid');
    if (id) return `[data-testid=${id}]`;
    const role = el.getAttribute('role');
    const cls = typeof el.className === 'string' ? el.className.split(/\s+/).filter(Boolean).slice(0, 2).join('.') : '';
    const text = (el.textContent ?? '').trim().slice(0, 24);
    return `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''}${cls ? `.${cls}` : ''}${text ? ` "${text}"` : ''}`;
  };
  const visible = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0;
  };
  const clips = (el: Element): boolean => {
    const s = getComputedStyle(el);
    return s.overflowX !== 'visible' || s.overflowY !== 'visible';
  };
  const SLACK = 1.5;

  // Overflow: the document, and the content area of the frame.
  const doc = document.scrollingElement ?? document.documentElement;
  if (doc.scrollWidth > window.innerWidth + SLACK) {
    faults.push({ kind: 'overflow', where: 'document', detail: `${doc.scrollWidth}px wide in a ${window.innerWidth}px window` });
  }
  const content = document.querySelector('.app-frame__content');
  for (const area of [content, ...document.querySelectorAll('.app-frame__content .n-scrollbar-container')]) {
    if (area && area.scrollWidth > area.clientWidth + SLACK) {
      faults.push({ kind: 'overflow', where: name(area), detail: `content ${area.scrollWidth}px in ${area.clientWidth}px` });
    }
  }

  // Outside its frame: every visible descendant of a frame, unless a clipping container between them hides the excess.
  const frames = [...document.querySelectorAll('[role=grid], [role=table], table, [data-layout-frame]')].filter(visible);
  for (const frame of frames) {
    const f = frame.getBoundingClientRect();
    const walker = document.createTreeWalker(frame, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode() as Element | null; node; node = walker.nextNode() as Element | null) {
      if (!visible(node)) continue;
      const s = getComputedStyle(node);
      // Fixed, or visually hidden (a screen reader's words, clipped to nothing): drawn nowhere.
      if (s.position === 'fixed' || s.clip.startsWith('rect') || s.clipPath !== 'none') continue;
      let clipped = false;
      for (let p = node.parentElement; p && p !== frame; p = p.parentElement) {
        if (clips(p)) {
          clipped = true;
          break;
        }
      }
      if (clipped) continue;
      const r = node.getBoundingClientRect();
      const out = [f.left - r.left, r.right - f.right, f.top - r.top, r.bottom - f.bottom];
      if (out.some((d) => d > SLACK)) {
        faults.push({ kind: 'outside', where: name(node), detail: `outside ${name(frame)} by ${out.map((d) => Math.max(0, Math.round(d))).join('/')} px (left/right/top/bottom)` });
        walker.nextSibling(); // one report per subtree
      }
    }
  }

  // Covered headers: what is drawn at a header's centre must be the header (or inside it).
  const headers = [...document.querySelectorAll('[role=columnheader], th, [data-testid=page-title]')].filter(visible);
  for (const header of headers) {
    const r = header.getBoundingClientRect();
    const x = Math.min(Math.max(r.left + r.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), window.innerHeight - 1);
    // Only headers wholly in the window: one cut by the window's edge is scrolled, not covered.
    if (r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth) continue;
    // Scrolled out of its scroll container's view (under the app's top bar): not covered, just scrolled.
    let scroller = header.parentElement;
    while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
    if (scroller) {
      const v = scroller.getBoundingClientRect();
      if (y < v.top || y > v.bottom || x < v.left || x > v.right) continue;
    }
    const top = document.elementFromPoint(x, y);
    // A drawer or a dialog over the page covers everything by design.
    if (top && !header.contains(top) && !top.closest('.n-drawer, .n-drawer-mask, .n-modal, .n-modal-mask, .n-modal-container, [role=dialog]')) {
      faults.push({ kind: 'covered', where: name(header), detail: `under ${name(top)}` });
    }
  }

  // Cut: a column's header label, or a mark that must not be cut, narrower than its content.
  const whole = [...document.querySelectorAll('[role=columnheader], th, [data-no-cut]')].filter(visible);
  for (const el of whole) {
    const label = el.querySelector('[data-header-label]') ?? el;
    if (label.scrollWidth > label.clientWidth + SLACK) {
      faults.push({ kind: 'cut', where: name(el), detail: `needs ${label.scrollWidth}px, has ${label.clientWidth}px` });
    }
  }
  return faults;
}

/** The layout faults of the page as drawn now. */
export async function layoutFaults(page: Page): Promise<LayoutFault[]> {
  // Under tsx (npm run docs:screenshots) esbuild wraps named functions in a `__name` helper that
  // the page does not have: give it one that does nothing.
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate(findFaults);
}

/** One line per fault, for an assertion message or a log. */
export function faultLines(faults: readonly LayoutFault[]): string[] {
  return faults.map((f) => `${f.kind}: ${f.where}: ${f.detail}`);
}

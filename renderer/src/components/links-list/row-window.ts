import { computed, onBeforeUnmount, onMounted, shallowRef, type ComputedRef, type Ref } from 'vue';

/*
 * The rows of a list of fixed-height rows that a scrolling box shows, and a little beyond
 * (issue 43). With one height for every row, where row i starts is i × height: nothing to
 * measure or keep. TanStack Virtual, used here before, keeps a measurement per row of the query
 * and made all of them again whenever the count changed: at every keystroke whose search found
 * another number of links, up to 100,000 objects built on the page's main thread before the rows
 * were drawn, and its scroll handler ran at every scroll event.
 */

/** A row in the window: its index in the query and where it starts (px from the list's top). */
export interface WindowRow {
  index: number;
  start: number;
}

/** The first and last index drawn (last < first: none) for a box scrolled to `scrollTop`. */
export function rowRange(scrollTop: number, viewport: number, count: number, rowHeight: number, overscan: number): [number, number] {
  if (count <= 0) return [0, -1];
  const top = Math.max(0, scrollTop);
  const first = Math.min(count - 1, Math.floor(top / rowHeight));
  const last = Math.min(count - 1, Math.max(first, Math.ceil((top + viewport) / rowHeight) - 1));
  return [Math.max(0, first - overscan), Math.min(count - 1, last + overscan)];
}

/** Where a box must scroll to show row `index` whole, moving as little as it can (or not at all). */
export function offsetToShow(index: number, scrollTop: number, viewport: number, rowHeight: number): number {
  const start = index * rowHeight;
  if (start < scrollTop) return start;
  if (start + rowHeight > scrollTop + viewport) return Math.max(0, start + rowHeight - viewport);
  return scrollTop;
}

export interface RowWindow {
  rows: ComputedRef<WindowRow[]>;
  /** Every row's height together: the list's scrolling height. */
  totalSize: ComputedRef<number>;
  scrollOffset: () => number;
  /** The box's height as last measured (`fallbackHeight` before layout): what one page of rows is. */
  viewportHeight: () => number;
  scrollToOffset: (offset: number) => void;
  /** Scrolls as little as needed to show the row whole. */
  scrollToIndex: (index: number) => void;
}

/**
 * The window over `count()` rows of `rowHeight` in the scrolling element `scroller`: its scroll
 * position (a passive scroll listener) and height (a ResizeObserver; `fallbackHeight` before
 * layout or where there is none, as in a test DOM). The rows change only when the first or last
 * index drawn does, not at each pixel scrolled.
 */
export function useRowWindow(scroller: Ref<HTMLElement | null>, count: () => number, opts: { rowHeight: number; overscan: number; fallbackHeight: number }): RowWindow {
  const scrollTop = shallowRef(0);
  const viewport = shallowRef(opts.fallbackHeight);
  const range = computed(() => rowRange(scrollTop.value, viewport.value, count(), opts.rowHeight, opts.overscan));
  const first = computed(() => range.value[0]);
  const last = computed(() => range.value[1]);
  const rows = computed(() => {
    const out: WindowRow[] = [];
    for (let index = first.value; index <= last.value; index++) out.push({ index, start: index * opts.rowHeight });
    return out;
  });
  const totalSize = computed(() => Math.max(0, count()) * opts.rowHeight);

  const onScroll = () => {
    if (scroller.value) scrollTop.value = scroller.value.scrollTop;
  };
  const measure = (height: number) => {
    viewport.value = height > 0 ? height : opts.fallbackHeight;
  };
  let observer: ResizeObserver | null = null;
  let observed: HTMLElement | null = null;
  onMounted(() => {
    observed = scroller.value;
    if (!observed) return;
    observed.addEventListener('scroll', onScroll, { passive: true });
    measure(observed.clientHeight);
    scrollTop.value = observed.scrollTop;
    if (typeof ResizeObserver === 'undefined') return;
    observer = new ResizeObserver(() => {
      if (observed) measure(observed.clientHeight);
    });
    observer.observe(observed);
  });
  onBeforeUnmount(() => {
    observed?.removeEventListener('scroll', onScroll);
    observer?.disconnect();
  });

  const scrollToOffset = (offset: number) => {
    const el = scroller.value;
    if (!el) return;
    el.scrollTop = offset;
    // Drawn now, not at the scroll event (a keyboard move shows its row in the same frame).
    scrollTop.value = el.scrollTop;
  };
  return {
    rows,
    totalSize,
    scrollOffset: () => scrollTop.value,
    viewportHeight: () => viewport.value,
    scrollToOffset,
    scrollToIndex: (index) => {
      const el = scroller.value;
      if (!el) return;
      // The position as last scrolled (kept by the scroll listener): reading the element's
      // would make the browser lay the page out first, at every key that moves the cursor.
      const to = offsetToShow(index, scrollTop.value, viewport.value, opts.rowHeight);
      if (to !== scrollTop.value) scrollToOffset(to);
    },
  };
}

import { onBeforeUnmount, onMounted, ref, type Ref } from 'vue';

/*
 * The shared layout of the app's grids of rows (issue 37, item 3): each column says the least
 * width its content needs, how much of the spare width it takes, and how soon it gives way when
 * the grid is narrow. The grid then uses the width there is: every column at least its minimum,
 * the rest shared by weight; when the minimums do not fit, the least useful columns leave (their
 * values stay in the row's detail) instead of being pushed off-screen or cut to a letter.
 * Pure except useTableLayout, which measures the grid.
 */

export interface LayoutColumn {
  id: string;
  /** The least width (px) its content needs: a header label, a date, a badge. */
  min: number;
  /** Its share of the spare width (0: exactly `min`). */
  grow: number;
  /** Leaves when there is no room, lowest first; absent: never leaves. */
  drop?: number;
}

export interface TableLayout {
  /** The grid-template-columns of the header and every row. */
  template: string;
  /** The ids of the columns that left, space-separated (for a `data-hide` attribute). */
  hidden: string;
}

/** The layout of `columns` in `width` px (cell padding included in each `min`). */
export function layoutColumns(columns: readonly LayoutColumn[], width: number): TableLayout {
  const shown = [...columns];
  const need = () => shown.reduce((sum, c) => sum + c.min, 0);
  const droppable = () =>
    shown.filter((c) => c.drop !== undefined).sort((a, b) => (a.drop as number) - (b.drop as number))[0];
  while (need() > width) {
    const next = droppable();
    if (!next) break;
    shown.splice(shown.indexOf(next), 1);
  }
  const template = shown.map((c) => (c.grow > 0 ? `minmax(${c.min}px, ${c.grow}fr)` : `${c.min}px`)).join(' ');
  const hidden = columns.filter((c) => !shown.includes(c)).map((c) => c.id).join(' ');
  return { template, hidden };
}

/**
 * The layout of a grid element as it is resized (a ResizeObserver on `el`); `inset`: the width
 * of the grid that no column has (row padding, a scroll bar's gutter). Before the first measure,
 * the layout of `fallbackWidth`.
 */
export function useTableLayout(el: Ref<HTMLElement | null>, columns: readonly LayoutColumn[], inset = 0, fallbackWidth = 1000): Ref<TableLayout> {
  const layout = ref<TableLayout>(layoutColumns(columns, fallbackWidth - inset));
  let observer: ResizeObserver | null = null;
  const update = (width: number) => {
    const next = layoutColumns(columns, width - inset);
    if (next.template !== layout.value.template) layout.value = next;
  };
  onMounted(() => {
    if (!el.value) return;
    update(el.value.clientWidth || fallbackWidth);
    if (typeof ResizeObserver === 'undefined') return;
    observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box && box.width > 0) update(box.width);
    });
    observer.observe(el.value);
  });
  onBeforeUnmount(() => observer?.disconnect());
  return layout;
}

/**
 * A long value cut in its middle, not at its end: the start and the last `tail` characters stay
 * (a URL's end is its page, a short link's end its port and alias). Split once here; the view
 * draws `head` with an ellipsis where it must shrink and `tail` whole.
 */
export function middleSplit(value: string, tail = 18): { head: string; tail: string } {
  if (value.length <= tail * 2) return { head: value, tail: '' };
  return { head: value.slice(0, value.length - tail), tail: value.slice(value.length - tail) };
}

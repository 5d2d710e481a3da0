import { computed, ref, shallowRef } from 'vue';
import type { MirrorLink } from '../../../../electron/shared/models.js';

/** What the checks need of the links workspace store. */
interface ChecksStore {
  readonly total: number;
  ensureRange(from: number, to: number): Promise<unknown>;
  rowAt(index: number): MirrorLink | undefined;
  allMatchingIds(): Promise<number[]>;
}

/**
 * The links list's checked rows: a set of ids, or every row of the query ("Select all N
 * matching") whether loaded or not, with the anchor a shift-click checks a range from.
 */
export function useLinkChecks(store: ChecksStore) {
  const checked = shallowRef<Set<number>>(new Set());
  const allMatching = ref(false);
  let anchor = -1;

  const checkedCount = computed(() => (allMatching.value ? store.total : checked.value.size));
  const isChecked = (link: MirrorLink | undefined) => !!link && (allMatching.value || checked.value.has(link.id));

  function clearChecked(): void {
    // Only when something is checked: a new Set would draw the list again at every keystroke.
    if (checked.value.size > 0) checked.value = new Set();
    allMatching.value = false;
  }

  async function checkRange(from: number, to: number, on: boolean): Promise<void> {
    const [a, b] = from <= to ? [from, to] : [to, from];
    await store.ensureRange(a, b);
    const next = new Set(checked.value);
    for (let i = a; i <= b; i++) {
      const link = store.rowAt(i);
      if (!link) continue;
      if (on) next.add(link.id);
      else next.delete(link.id);
    }
    checked.value = next;
  }

  /** A shift-click checks from the anchor; without one, it moves the anchor here. */
  function checkFromAnchor(index: number): boolean {
    if (anchor < 0) return false;
    void checkRange(anchor, index, true);
    return true;
  }

  function setAnchor(index: number): void {
    anchor = index;
  }

  /** A row's box: checks or unchecks it (a shift-click checks the range from the anchor). */
  function toggle(index: number, shiftKey: boolean): void {
    const link = store.rowAt(index);
    if (!link) return;
    if (shiftKey && checkFromAnchor(index)) return;
    anchor = index;
    if (allMatching.value) {
      // Unchecking one row of "all matching": every matching link but this one stays checked.
      void uncheckFromAll(link.id);
      return;
    }
    const next = new Set(checked.value);
    if (next.has(link.id)) next.delete(link.id);
    else next.add(link.id);
    checked.value = next;
  }

  async function uncheckFromAll(id: number): Promise<void> {
    const ids = await store.allMatchingIds();
    checked.value = new Set(ids.filter((other) => other !== id));
    allMatching.value = false;
  }

  return { checked, allMatching, checkedCount, isChecked, clearChecked, checkRange, checkFromAnchor, setAnchor, toggle };
}

import { computed, ref, type ComputedRef, type Ref } from 'vue';

/**
 * A dropdown's options built only while the menu is open (issue 43). The links toolbar's menus label
 * their options with the list's count (a `t()` each), and the count changes at every keystroke's
 * answer: built always, they drew again at every keystroke though closed. Closed, `options` reads
 * nothing but `open`, so the count draws nothing; open, it follows whatever `build` reads (the
 * count, the language). Closing keeps the last options, which the dropdown still shows as it fades.
 * Bind `open` to the dropdown's `update:show`. Measured: docs/benchmarks.md, "Measured here for the
 * files' owners".
 */
export function useOptionsWhileOpen<T>(build: () => T[]): { open: Ref<boolean>; options: ComputedRef<T[]> } {
  const open = ref(false);
  let lastOptions: T[] = [];
  const options = computed(() => {
    if (open.value) lastOptions = build();
    return lastOptions;
  });
  return { open, options };
}

import { onScopeDispose } from 'vue';

/**
 * Calls `run` at once for the first call after a pause (a single keystroke answers immediately),
 * then at most once per `delayMs` while calls keep coming, always ending with the latest value.
 */
export function useBurstDebounce<T>(run: (value: T) => void, delayMs: number): (value: T) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: { value: T } | null = null;
  const flush = () => {
    timer = undefined;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    run(value);
    timer = setTimeout(flush, delayMs);
  };
  onScopeDispose(() => clearTimeout(timer));
  return (value: T) => {
    pending = { value };
    if (timer === undefined) flush();
  };
}

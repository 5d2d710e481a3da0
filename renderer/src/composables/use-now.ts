import { onScopeDispose, ref, type Ref } from 'vue';

/** The current time, ticking every `intervalMs`, for countdowns. Stops with its component. */
export function useNow(intervalMs = 1000): Ref<number> {
  const now = ref(Date.now());
  const timer = setInterval(() => {
    now.value = Date.now();
  }, intervalMs);
  onScopeDispose(() => clearInterval(timer));
  return now;
}

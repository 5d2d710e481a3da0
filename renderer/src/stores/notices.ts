import { defineStore } from 'pinia';
import { ref } from 'vue';

export type NoticeKind = 'error' | 'warning' | 'success' | 'info';

export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
  /** Stays until closed: what stands in for an OS notification the person may not have seen yet. */
  sticky?: boolean;
}

/**
 * Words for the user that do not belong to one form: the outcome of an action taken from a menu,
 * an error caught at the top of the app. AppNotices shows them; anything may push one.
 */
export const useNoticesStore = defineStore('notices', () => {
  const items = ref<Notice[]>([]);
  let nextId = 1;

  function push(kind: NoticeKind, text: string, options: { sticky?: boolean } = {}): Notice {
    const notice: Notice = { id: nextId++, kind, text, ...(options.sticky ? { sticky: true } : {}) };
    // Keep a short history for the live region; the toasts themselves fade on their own.
    items.value = [...items.value.slice(-19), notice];
    return notice;
  }

  function dismiss(id: number): void {
    items.value = items.value.filter((n) => n.id !== id);
  }

  return { items, push, dismiss };
});

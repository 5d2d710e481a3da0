/**
 * Resolves once the page's window has the keyboard focus: at once when it already has it, else at
 * its first 'focus' event. `cancel()` stops waiting (the page is going away); the promise then
 * resolves with false.
 *
 * Why: a native Wayland compositor gives the clipboard only to the focused client, and the quick
 * window is loaded hidden and only then shown and focused (electron/main/quick-window.ts), so a
 * clipboard read made while the page mounts is a background read (stale or empty).
 */
export interface FocusSource {
  hasFocus(): boolean;
  addEventListener(type: 'focus', listener: () => void): void;
  removeEventListener(type: 'focus', listener: () => void): void;
}

export function firstFocus(source: FocusSource): { focused: Promise<boolean>; cancel: () => void } {
  let cancel: () => void = () => {};
  const focused = new Promise<boolean>((resolve) => {
    if (source.hasFocus()) {
      resolve(true);
      return;
    }
    const onFocus = (): void => {
      source.removeEventListener('focus', onFocus);
      resolve(true);
    };
    source.addEventListener('focus', onFocus);
    cancel = () => {
      source.removeEventListener('focus', onFocus);
      resolve(false);
    };
  });
  return { focused, cancel: () => cancel() };
}

/** The browser's window and document as a FocusSource. */
export function windowFocusSource(): FocusSource {
  return {
    hasFocus: () => document.hasFocus(),
    addEventListener: (type, listener) => window.addEventListener(type, listener),
    removeEventListener: (type, listener) => window.removeEventListener(type, listener),
  };
}

/** Asks for an animation frame (the browser's, or a test's). */
export type FrameRequest = (callback: () => void) => unknown;

/** The browser's frames, looked up at each call (none in a test DOM without them). */
const browserFrame = (): FrameRequest | undefined =>
  typeof requestAnimationFrame === 'function' ? (callback) => requestAnimationFrame(callback) : undefined;

/**
 * Resolves once the browser has painted the next frame (at once where there are no frames): a
 * frame's callbacks run before its paint, and a task queued from one runs after it. No imports:
 * the page's first script uses it too (first-paint/app-code-cue.ts).
 */
export function afterNextPaint(frame: FrameRequest | undefined = browserFrame()): Promise<void> {
  return new Promise((resolve) => {
    if (!frame) return resolve();
    frame(() => setTimeout(resolve, 0));
  });
}

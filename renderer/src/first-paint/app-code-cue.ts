import { afterNextPaint, type FrameRequest } from '../composables/after-next-paint.js';

/**
 * When the page's first script asks for the app's code (main.ts): once the frame that shows the
 * first rows has been drawn, or after `boundMs` at most, so a slow backend cannot hold the app up.
 *
 * Not as soon as the rows are back: asking for the app's code makes Vite's preload helper insert
 * a `modulepreload` link for each of its 61 files, and run in the same microtask checkpoint as
 * the first rows' drawing it held their frame back (56–154 ms of script before the first rows in
 * cold-load traces; docs/benchmarks.md, "The rows in one window, the app's code after the first
 * rows"). The app's own view starts after that frame.
 */
export function appCodeCue(firstRows: Promise<unknown> | undefined, boundMs: number, frame?: FrameRequest): Promise<void> {
  if (!firstRows) return Promise.resolve();
  const drawn = firstRows.catch(() => undefined).then(() => afterNextPaint(frame));
  const bound = new Promise<void>((resolve) => setTimeout(resolve, boundMs));
  return Promise.race([drawn, bound]);
}

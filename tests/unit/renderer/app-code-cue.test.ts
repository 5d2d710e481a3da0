import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appCodeCue } from '../../../renderer/src/first-paint/app-code-cue.js';

/**
 * When the first script asks for the app's code: after the frame that shows the first rows (a
 * frame's callback, then a task after it), or at the bound when the rows are slow; at once when
 * the page opens on another view. The frame is the test's own, run when the test says.
 */
describe('the app code cue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const watch = (cue: Promise<void>) => {
    const state = { done: false };
    void cue.then(() => (state.done = true));
    return state;
  };

  it('waits for the frame after the rows, then for a task after that frame', async () => {
    let rowsBack: (value: unknown) => void = () => {};
    const rows = new Promise((resolve) => (rowsBack = resolve));
    const frames: Array<() => void> = [];
    const cue = watch(appCodeCue(rows, 100, (callback) => frames.push(callback)));
    rowsBack({ ok: true });
    await vi.advanceTimersByTimeAsync(0);
    // The rows are back, their frame has not been drawn: the app's code is not asked for yet.
    expect(cue.done).toBe(false);
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(cue.done).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(cue.done).toBe(true);
  });

  it('goes at the bound when the rows are not back', async () => {
    const cue = watch(appCodeCue(new Promise(() => {}), 100, () => {}));
    await vi.advanceTimersByTimeAsync(99);
    expect(cue.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(cue.done).toBe(true);
  });

  it('waits for a frame after a failed first call too (the app then says what failed)', async () => {
    const frames: Array<() => void> = [];
    const cue = watch(appCodeCue(Promise.reject(new Error('offline')), 100, (callback) => frames.push(callback)));
    await vi.advanceTimersByTimeAsync(0);
    expect(frames).toHaveLength(1);
    frames[0]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(cue.done).toBe(true);
  });

  it('goes at once when the page opens on another view (no first rows)', async () => {
    const cue = watch(appCodeCue(undefined, 100, () => {}));
    await vi.advanceTimersByTimeAsync(0);
    expect(cue.done).toBe(true);
  });
});

import type { Clock } from '../../../../electron/backend/scheduler/clock.js';

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

/** Lets every pending promise callback run (each macrotask turn flushes the microtask queue). */
export async function settle(turns = 3): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * A clock whose time moves only when the test says so. `advance` fires due timers in time order,
 * letting promise callbacks run after each, so simulated minutes take milliseconds.
 */
export class FakeClock implements Clock {
  private time: number;
  private nextId = 1;
  private timers: Timer[] = [];
  /** Timers fired so far (a hot loop shows up here). */
  fired = 0;

  constructor(start = Date.UTC(2030, 0, 1, 12, 0, 0)) {
    this.time = start;
  }

  now = (): number => this.time;

  setTimeout = (callback: () => void, ms: number): unknown => {
    const timer = { id: this.nextId++, at: this.time + Math.max(0, ms), callback };
    this.timers.push(timer);
    return timer.id;
  };

  clearTimeout = (handle: unknown): void => {
    this.timers = this.timers.filter((t) => t.id !== handle);
  };

  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, firing every timer due on the way. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    await settle();
    for (;;) {
      const due = this.timers
        .filter((t) => t.at <= end)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = Math.max(this.time, due.at);
      this.fired++;
      due.callback();
      await settle();
    }
    this.time = end;
    await settle();
  }

  /** Advances in steps until `done()` holds or `maxMs` have passed; returns the time taken. */
  async runUntil(done: () => boolean, maxMs: number, stepMs = 1_000): Promise<number> {
    const start = this.time;
    while (!done() && this.time - start < maxMs) await this.advance(stepMs);
    return this.time - start;
  }
}

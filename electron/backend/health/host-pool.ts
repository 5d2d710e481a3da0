/**
 * Runs work items with a global concurrency limit and at most one item per host at a time, with
 * a pause between two items of the same host: checking 5,000 links to one shop must not look
 * like an attack on it, while links to many sites still go in parallel. Hosts take turns (round
 * robin), so one big host does not starve the others.
 */
export interface HostPoolOptions {
  /** Items running at once, over all hosts. */
  concurrency: number;
  /** Pause after an item of a host before the next item of that host starts, ms. */
  hostGapMs: number;
  /** Stops handing out items (those running are left to their own signal). */
  signal?: AbortSignal;
  now?: () => number;
}

interface HostQueue<T> {
  items: T[];
  next: number;
  busy: boolean;
  /** No new item of this host before this time. */
  freeAt: number;
}

export async function runPerHost<T>(
  items: readonly T[],
  hostOf: (item: T) => string,
  work: (item: T) => Promise<void>,
  options: HostPoolOptions,
): Promise<void> {
  const now = options.now ?? (() => Date.now());
  const queues = new Map<string, HostQueue<T>>();
  for (const item of items) {
    const host = hostOf(item);
    let queue = queues.get(host);
    if (!queue) queues.set(host, (queue = { items: [], next: 0, busy: false, freeAt: 0 }));
    queue.items.push(item);
  }
  // Hosts with items left; exhausted ones are swapped out as the scan meets them.
  const order = [...queues.values()];
  let cursor = 0;
  let wake: (() => void) | null = null;
  let woken = new Promise<void>((resolve) => (wake = resolve));
  const notify = () => {
    const resolve = wake;
    woken = new Promise<void>((r) => (wake = r));
    resolve?.();
  };
  options.signal?.addEventListener('abort', notify, { once: true });

  /** The next item to run, or how long to wait for one, or null when none is left. */
  function pick(): { queue: HostQueue<T>; item: T } | { waitMs: number | null } | null {
    const at = now();
    let soonest = Infinity;
    for (let seen = 0; seen < order.length && order.length > 0; ) {
      if (cursor >= order.length) cursor = 0;
      const queue = order[cursor]!;
      if (queue.next >= queue.items.length) {
        if (!queue.busy) {
          // Exhausted: swap-remove (the order of the rest barely changes).
          order[cursor] = order[order.length - 1]!;
          order.pop();
          continue;
        }
        cursor++;
        seen++;
        continue;
      }
      if (!queue.busy && queue.freeAt <= at) {
        cursor++;
        queue.busy = true;
        return { queue, item: queue.items[queue.next++] as T };
      }
      if (!queue.busy) soonest = Math.min(soonest, queue.freeAt);
      cursor++;
      seen++;
    }
    const left = order.some((q) => q.next < q.items.length);
    if (!left) return null;
    return { waitMs: soonest === Infinity ? null : Math.max(0, soonest - at) };
  }

  async function worker(): Promise<void> {
    while (!options.signal?.aborted) {
      const next = pick();
      if (next === null) return;
      if ('waitMs' in next) {
        const wait = woken;
        if (next.waitMs === null) await wait;
        else {
          let timer: ReturnType<typeof setTimeout> | undefined;
          await Promise.race([wait, new Promise<void>((r) => (timer = setTimeout(r, next.waitMs!)))]);
          clearTimeout(timer);
        }
        continue;
      }
      try {
        await work(next.item);
      } finally {
        next.queue.busy = false;
        next.queue.freeAt = now() + options.hostGapMs;
        notify();
      }
    }
  }

  const workers = Math.max(1, Math.min(options.concurrency, items.length));
  await Promise.all(Array.from({ length: workers }, () => worker()));
  options.signal?.removeEventListener('abort', notify);
}

/**
 * What a listener receives (messages, pushed events), kept in order, with a wait for the moment
 * they satisfy a condition. The condition is checked at once and at each arrival, never on a
 * timer: the arrival is the signal, however long the machine takes to produce it. A wait that
 * never ends is bounded by the test's timeout.
 */
export interface Arrivals<T> {
  readonly items: T[];
  /** Give this to the listener. */
  push(item: T): void;
  /** Resolves with the items once `check` holds for them. */
  until(check: (items: readonly T[]) => boolean): Promise<readonly T[]>;
}

export function arrivals<T = unknown>(): Arrivals<T> {
  const items: T[] = [];
  const waiters = new Set<() => void>();
  return {
    items,
    push(item) {
      items.push(item);
      for (const wake of [...waiters]) wake();
    },
    until(check) {
      return new Promise((resolve) => {
        const wake = () => {
          if (!check(items)) return;
          waiters.delete(wake);
          resolve(items);
        };
        waiters.add(wake);
        wake();
      });
    },
  };
}

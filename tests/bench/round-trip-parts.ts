/*
 * Where a call's round trip goes (issue 43): the page's side (sent, answer seen by the page) and
 * the backend's (the router's dispatch began, ended) are stamped on two clocks, the page's
 * `performance.timeOrigin + now()` and Node's. The offset between them is estimated as NTP does,
 * from the calls with the least round trip of a call that does no work over the same socket:
 * θ = ((t1 − t0) + (t2 − t3)) / 2, t0/t3 the page's send and receipt, t1/t2 the backend's.
 * Then each call splits into page → backend, the handler, and backend → page (the answer's
 * serialisation, the socket, and the wait for the page's main thread to read it).
 */

/** Page-side stamps, epoch ms on the page's clock. */
export interface PageStamps {
  send: number;
  recv: number;
}

/** Backend-side stamps, epoch ms on Node's clock. */
export interface ServedStamps {
  start: number;
  end: number;
}

export interface Pair {
  page: PageStamps;
  served: ServedStamps;
}

/** Node's clock minus the page's, from the quickest tenth of the pairs (at least 3). */
export function clockOffset(pairs: readonly Pair[]): number {
  const spread = (p: Pair) => p.page.recv - p.page.send - (p.served.end - p.served.start);
  const quickest = [...pairs].sort((a, b) => spread(a) - spread(b)).slice(0, Math.max(3, Math.ceil(pairs.length / 10)));
  const thetas = quickest.map((p) => (p.served.start - p.page.send + (p.served.end - p.page.recv)) / 2).sort((a, b) => a - b);
  return thetas[Math.floor(thetas.length / 2)] ?? 0;
}

export interface Parts {
  up: number[];
  handler: number[];
  down: number[];
}

export function splitRoundTrips(pairs: readonly Pair[], offset: number): Parts {
  return {
    up: pairs.map((p) => p.served.start - offset - p.page.send),
    handler: pairs.map((p) => p.served.end - p.served.start),
    down: pairs.map((p) => p.page.recv - (p.served.end - offset)),
  };
}

/**
 * Each page-side call with the backend call it made: same query text, the backend's start the
 * nearest after the page's send (on the backend's clock). Calls with no partner are left out.
 */
export function pairByQuery(
  page: ReadonlyArray<PageStamps & { q: string }>,
  served: ReadonlyArray<ServedStamps & { q: string }>,
  offset: number,
): Pair[] {
  const pairs: Pair[] = [];
  const used = new Set<number>();
  for (const call of page) {
    let best = -1;
    for (let i = 0; i < served.length; i++) {
      const s = served[i] as ServedStamps & { q: string };
      if (used.has(i) || s.q !== call.q || s.start - offset < call.send - 1) continue;
      if (best < 0 || s.start < (served[best] as ServedStamps).start) best = i;
    }
    if (best < 0) continue;
    used.add(best);
    pairs.push({ page: call, served: served[best] as ServedStamps });
  }
  return pairs;
}

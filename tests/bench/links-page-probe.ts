/*
 * What the links benchmark (links-bench.ts) runs in the app's page, added as an init script
 * before the app's own scripts: when the first rows are on screen (drawn before the app loaded,
 * or the app's own), when the app's own Links view is up, and for each keystroke the bench arms:
 * keystroke → links:list sent, its round trip (over the call socket or HTTP), keystroke → rows
 * in the DOM and → the frame that shows them.
 */

/** What the probe keeps in `window.__bench`. */
export interface BenchState {
  firstRow: number | null;
  firstRowFrame: number | null;
  /** The app's own rows on screen; -1 while their frame is awaited. */
  appRowFrame: number | null;
  results: Array<{ q: string; dom: number; frame: number; viaFrame: boolean; sent: number; rpc: number; sendAt: number; recvAt: number }>;
}

/** In the page, from before the app's own scripts: first-row time, keystroke timing, fetch hook. */
export function pageProbe(): void {
  interface Armed {
    q: string;
    total: number;
    firstId: number | null;
  }
  interface Current extends Armed {
    t0: number;
    answered: boolean;
    matched: boolean;
    /** Keystroke → the links:list request sent; its round trip. */
    sent: number;
    rpc: number;
    /** The same two moments on the epoch clock (performance.timeOrigin + now), for round-trip-parts.ts. */
    sendAt: number;
    recvAt: number;
  }
  const b = {
    firstRow: null as number | null,
    firstRowFrame: null as number | null,
    appRowFrame: null as number | null,
    armed: null as Armed | null,
    current: null as Current | null,
    results: [] as BenchState['results'],
  };
  (window as unknown as { __bench: typeof b }).__bench = b;

  const shownTotal = (): number => {
    const el = document.querySelector('[data-testid="links-total"]');
    if (el) return Number((el.textContent ?? '').replace(/\D/g, ''));
    return document.querySelector('[data-testid="resource-empty"]') ? 0 : -1;
  };
  const firstShownId = (): number | null => {
    const id = document.querySelector('[data-testid="link-row"][data-index="0"]')?.getAttribute('data-id');
    return id ? Number(id) : null;
  };
  const check = (viaFrame: boolean) => {
    const c = b.current;
    if (!c || c.matched || !c.answered) return;
    if (shownTotal() !== c.total || firstShownId() !== c.firstId) return;
    c.matched = true;
    const dom = performance.now() - c.t0;
    // Seen from inside a frame's rAF (no DOM change): this very frame shows it.
    if (viaFrame) {
      b.results.push({ q: c.q, dom, frame: dom, viaFrame, sent: c.sent, rpc: c.rpc, sendAt: c.sendAt, recvAt: c.recvAt });
      return;
    }
    requestAnimationFrame(() => {
      b.results.push({ q: c.q, dom, frame: performance.now() - c.t0, viaFrame, sent: c.sent, rpc: c.rpc, sendAt: c.sendAt, recvAt: c.recvAt });
    });
  };

  new MutationObserver(() => {
    // The first rows on screen: drawn before the app loaded (first-paint.ts) or the app's own.
    if (b.firstRow === null && document.querySelector('[data-testid="first-paint-row"], [data-testid="link-row-title"]')?.textContent) {
      b.firstRow = performance.now();
      requestAnimationFrame(() => (b.firstRowFrame = performance.now()));
    }
    // The app's own Links view with its rows, on screen (no drawing over it any more).
    if (b.appRowFrame === null && !document.getElementById('first-paint') && document.querySelector('[data-testid="link-row-title"]')?.textContent) {
      b.appRowFrame = -1;
      requestAnimationFrame(() => (b.appRowFrame = performance.now()));
    }
    check(false);
    // Of the attributes, only the rows' data-id is read: a record for every attribute a keystroke
    // changes (Vue patches the rows' classes, titles and labels) was the probe's cost, counted as the app's.
  }).observe(document, { childList: true, subtree: true, characterData: true, attributeFilter: ['data-id'] });

  document.addEventListener(
    'input',
    (event) => {
      const target = event.target as HTMLElement | null;
      if (!b.armed || target?.getAttribute('data-testid') !== 'links-search') return;
      b.current = { ...b.armed, t0: event.timeStamp, answered: false, matched: false, sent: -1, rpc: -1, sendAt: -1, recvAt: -1 };
      b.armed = null;
    },
    true,
  );

  // Know when the answer to this keystroke's query is back: an identical answer changes no DOM.
  const isThisQuery = (c: Current, arg: { q?: string; offset?: number } | undefined) =>
    (arg?.q ?? '') === c.q.trim() && (arg?.offset ?? 0) === 0;
  const answered = (c: Current, sentAt: number) => {
    if (c.answered) return;
    const now = performance.now();
    c.rpc = now - sentAt;
    c.sendAt = performance.timeOrigin + sentAt;
    c.recvAt = performance.timeOrigin + now;
    c.answered = true;
    // No mutation may follow (same rows): look once a frame until it is on screen.
    const poll = () => {
      if (c.matched || b.current !== c) return;
      check(true);
      requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  };
  const sent = (c: Current): number => {
    const sentAt = performance.now();
    if (c.sent < 0) c.sent = sentAt - c.t0;
    return sentAt;
  };

  // Calls over HTTP (before the call socket is open)…
  const realFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const promise = realFetch(input, init);
    const c = b.current;
    if (c && String(input).endsWith('/rpc/links:list') && typeof init?.body === 'string' && isThisQuery(c, JSON.parse(init.body) as { q?: string })) {
      const sentAt = sent(c);
      void promise.then(() => answered(c, sentAt));
    }
    return promise;
  };
  // …and over the call socket: the first answer to this query's first window.
  const RealSocket = window.WebSocket;
  const waiting = new Map<number, { c: Current; sentAt: number }>();
  window.WebSocket = class extends RealSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (event: MessageEvent) => {
        // The id from the answer's head (`{"id":n,"result":…}`, call-socket.ts): parsing the
        // whole answer here would add the probe's own work to the app's figures.
        const head = /^\{"id":(\d+)[,}]/.exec(String(event.data));
        const id = head ? Number(head[1]) : undefined;
        const w = id === undefined ? undefined : waiting.get(id);
        if (!w || id === undefined) return;
        waiting.delete(id);
        answered(w.c, w.sentAt);
      });
    }
    override send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
      const c = b.current;
      if (c && typeof data === 'string') {
        const call = JSON.parse(data) as { id: number; channel: string; arg?: { q?: string; offset?: number } };
        if (call.channel === 'links:list' && isThisQuery(c, call.arg)) waiting.set(call.id, { c, sentAt: sent(c) });
      }
      super.send(data);
    }
  };
}

import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bridgeScript, TOKEN_STORAGE_KEY } from '../../../electron/web/bridge-script.js';
import { CHANNELS, type LinkdeckBridge } from '../../../electron/shared/contract.js';
import { startWebShell, type WebShell } from '../../../electron/web/web-shell.js';
import { WebSocket as NodeWebSocket } from 'ws';
import { fakeBackend } from './fake-backend.js';

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly handlers = new Map<string, ((message: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, handler: (message: { data: string }) => void): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
  }
  emit(name: string, data: string): void {
    for (const handler of this.handlers.get(name) ?? []) handler({ data });
  }
}

/** Runs the bridge script in a fresh page-like global and returns what it defined. */
function loadPage(options: { hash?: string; storage?: Map<string, string>; fetch: Fetch; origin?: string; WebSocket?: unknown }) {
  const storage = options.storage ?? new Map<string, string>();
  const location = { hash: options.hash ?? '', pathname: '/', search: '', origin: options.origin ?? 'http://page.invalid' };
  const replaceState = vi.fn((_state: unknown, _title: string, url: string) => {
    location.hash = new URL(url, 'http://page.invalid').hash;
  });
  const page: Record<string, unknown> = {
    location,
    history: { state: null, replaceState },
    sessionStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    },
    fetch: options.fetch,
    EventSource: FakeEventSource,
    console,
    setTimeout,
    ...(options.WebSocket ? { WebSocket: options.WebSocket } : {}),
  };
  page['window'] = page;
  runInNewContext(bridgeScript(), page);
  return { linkdeck: page['linkdeck'] as LinkdeckBridge, storage, location, replaceState };
}

const token = 'A'.repeat(43);
const okFetch: Fetch = async () =>
  new Response(JSON.stringify({ ok: true, value: 1 }), {
    headers: { 'Content-Type': 'application/json' },
  });

describe('the web bridge script', () => {
  it('defines a frozen window.linkdeck with one function per channel, plus on', () => {
    const { linkdeck } = loadPage({ hash: `#token=${token}`, fetch: okFetch });
    expect(Object.keys(linkdeck).sort()).toEqual([...CHANNELS, 'on'].sort());
    expect(Object.isFrozen(linkdeck)).toBe(true);
  });

  it('takes the token from the fragment, keeps it for reloads and clears the address bar', () => {
    const { storage, location, replaceState } = loadPage({
      hash: `#token=${token}`,
      fetch: okFetch,
    });
    expect(storage.get(TOKEN_STORAGE_KEY)).toBe(token);
    expect(replaceState).toHaveBeenCalledOnce();
    expect(location.hash).toBe('');
  });

  it('after a reload, sends the token kept in sessionStorage', async () => {
    const fetch = vi.fn(okFetch);
    const { linkdeck, replaceState } = loadPage({
      storage: new Map([[TOKEN_STORAGE_KEY, token]]),
      fetch,
    });
    await linkdeck['links:get']({ id: 3 });
    expect(replaceState).not.toHaveBeenCalled();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/rpc/links:get');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['Authorization']).toBe(`Bearer ${token}`);
    expect(init?.body).toBe('{"id":3}');
  });

  it('turns a shell that cannot be reached into an offline envelope', async () => {
    const { linkdeck } = loadPage({
      hash: `#token=${token}`,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(linkdeck['app:info'](undefined)).resolves.toMatchObject({
      ok: false,
      error: { code: 'offline' },
    });
  });

  it('turns an answer that is not an envelope into an offline envelope', async () => {
    const { linkdeck } = loadPage({
      hash: `#token=${token}`,
      fetch: async () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    await expect(linkdeck['app:info'](undefined)).resolves.toMatchObject({
      ok: false,
      error: { code: 'offline' },
    });
  });

  it("passes the shell's own refusal through", async () => {
    const refusal = { ok: false, error: { code: 'unauthorized', message: 'no token' } };
    const { linkdeck } = loadPage({
      fetch: async () => new Response(JSON.stringify(refusal), { status: 401 }),
    });
    await expect(linkdeck['app:info'](undefined)).resolves.toEqual(refusal);
  });

  it('subscribes to contract events over one EventSource and unsubscribes', () => {
    FakeEventSource.instances = [];
    const { linkdeck } = loadPage({ hash: `#token=${token}`, fetch: okFetch });
    const budget = vi.fn();
    const off = linkdeck.on('budget:changed', budget);
    linkdeck.on('profiles:changed', () => {});
    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.instances[0] as FakeEventSource;
    expect(source.url).toBe(`/events?token=${token}`);
    source.emit('budget:changed', '{"remaining":4}');
    expect(budget).toHaveBeenCalledExactlyOnceWith({ remaining: 4 });
    off();
    source.emit('budget:changed', '{"remaining":3}');
    expect(budget).toHaveBeenCalledOnce();
    const stray = vi.fn();
    (linkdeck.on as (event: string, listener: () => void) => () => void)('secrets:leaked', stray);
    source.emit('secrets:leaked', '{}');
    expect(stray).not.toHaveBeenCalled();
  });
});

describe('the web bridge against the real web shell', () => {
  let shell: WebShell;
  const fake = fakeBackend();

  beforeAll(async () => {
    shell = await startWebShell({ backend: fake.backend, rendererDir: '/nonexistent' });
  });
  afterAll(() => shell.close());

  it('reaches the router with the token from the address', async () => {
    const hash = new URL(shell.url).hash;
    const { linkdeck } = loadPage({ hash, fetch: (url, init) => fetch(shell.origin + url, init) });
    await expect(linkdeck['links:list']({ offset: 20 })).resolves.toEqual({
      ok: true,
      value: { channel: 'links:list', arg: { offset: 20 } },
    });
    await expect(linkdeck['app:info'](undefined)).resolves.toEqual({
      ok: true,
      value: { channel: 'app:info' },
    });
  });

  it('gets an unauthorized envelope, and dispatches nothing, with a stale token', async () => {
    fake.dispatch.mockClear();
    const { linkdeck } = loadPage({
      hash: `#token=${token}`,
      fetch: (url, init) => fetch(shell.origin + url, init),
    });
    await expect(linkdeck['links:list']({})).resolves.toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
    expect(fake.dispatch).not.toHaveBeenCalled();
  });

  it('sends calls over the call socket while it is open, over HTTP while it is not', async () => {
    const sockets: PageSocket[] = [];
    // The page's WebSocket, as a browser would open it: with our origin. Its own 'open' and
    // 'close' listeners come first, so the bridge's run in the same event, before a test awaits.
    class PageSocket extends NodeWebSocket {
      readonly opened = new Promise((resolve) => this.once('open', resolve));
      readonly closed = new Promise((resolve) => this.once('close', resolve));
      constructor(url: string) {
        super(url, { headers: { Origin: shell.origin } });
        sockets.push(this);
      }
    }
    const fetchSpy = vi.fn((url: string, init?: RequestInit) => fetch(shell.origin + url, init));
    const { linkdeck } = loadPage({ hash: new URL(shell.url).hash, fetch: fetchSpy, origin: shell.origin, WebSocket: PageSocket });
    expect(sockets).toHaveLength(1);
    await sockets[0]!.opened;
    expect(sockets[0]!.readyState).toBe(NodeWebSocket.OPEN);

    await expect(linkdeck['links:list']({ offset: 40 })).resolves.toEqual({ ok: true, value: { channel: 'links:list', arg: { offset: 40 } } });
    expect(fetchSpy).not.toHaveBeenCalled();

    sockets[0]!.terminate();
    await sockets[0]!.closed;
    expect(sockets[0]!.readyState).toBe(NodeWebSocket.CLOSED);
    await expect(linkdeck['app:info'](undefined)).resolves.toEqual({ ok: true, value: { channel: 'app:info' } });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('sends a call made while the socket is connecting over it once it opens, and over HTTP when it never opens', async () => {
    const opened: string[] = [];
    class PageSocket extends NodeWebSocket {
      constructor(url: string) {
        super(url, { headers: { Origin: shell.origin } });
        this.once('open', () => opened.push(url));
      }
    }
    const fetchSpy = vi.fn((url: string, init?: RequestInit) => fetch(shell.origin + url, init));
    // The page's first call comes before the socket has had time to open.
    const first = loadPage({ hash: new URL(shell.url).hash, fetch: fetchSpy, origin: shell.origin, WebSocket: PageSocket });
    await expect(first.linkdeck['links:list']({ offset: 60 })).resolves.toEqual({ ok: true, value: { channel: 'links:list', arg: { offset: 60 } } });
    expect(opened).toHaveLength(1);
    expect(fetchSpy).not.toHaveBeenCalled();

    // A socket that cannot connect (nothing listens on port 1): the waiting call goes over HTTP.
    class RefusedSocket extends NodeWebSocket {
      constructor(url: string) {
        super(url.replace(/:\d+\//, ':1/'), { headers: { Origin: shell.origin } });
        this.on('error', () => undefined);
      }
    }
    const second = loadPage({ hash: new URL(shell.url).hash, fetch: fetchSpy, origin: shell.origin, WebSocket: RefusedSocket });
    await expect(second.linkdeck['app:info'](undefined)).resolves.toEqual({ ok: true, value: { channel: 'app:info' } });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('reports offline once the shell has stopped', async () => {
    const stopped = await startWebShell({ backend: fake.backend, rendererDir: '/nonexistent' });
    await stopped.close();
    const { linkdeck } = loadPage({
      hash: new URL(stopped.url).hash,
      fetch: (url, init) => fetch(stopped.origin + url, init),
    });
    await expect(linkdeck['app:info'](undefined)).resolves.toMatchObject({
      ok: false,
      error: { code: 'offline' },
    });
  });
});

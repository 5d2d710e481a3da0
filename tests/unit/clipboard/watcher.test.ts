import { describe, expect, it } from 'vitest';
import { createClipboardWatcher } from '../../../electron/backend/clipboard/watcher.js';
import {
  FakeClipboard,
  FakeClock,
  FakeKnownDomains,
  FakeNotifier,
  FakeShortener,
  harness,
  SHORT_HOST,
} from './fakes.js';

const URL_A = 'https://example.com/articles/how-to?id=1';

describe('clipboard watch: off, on and polling', () => {
  it('is off by default: no timer, no reads, nothing shortened', async () => {
    const clock = new FakeClock();
    const clipboard = new FakeClipboard();
    const shortener = new FakeShortener();
    const watcher = createClipboardWatcher({
      clipboard,
      shortener,
      knownDomains: new FakeKnownDomains(),
      notifier: new FakeNotifier(),
      clock,
    });
    clipboard.copy(URL_A);
    clock.advance(10_000);
    await watcher.settled();
    expect(clock.pending).toBe(0);
    expect(clipboard.reads).toBe(0);
    expect(shortener.creates).toHaveLength(0);
    expect(watcher.getState()).toMatchObject({ enabled: false, status: 'off', pollIntervalMs: 400 });
  });

  it('shortens a copied URL at the next poll and puts the short URL on the clipboard', async () => {
    const h = harness();
    h.clipboard.copy(URL_A);
    await h.pass(399);
    expect(h.shortener.creates).toHaveLength(0);
    await h.pass(1);
    expect(h.shortener.creates).toHaveLength(1);
    expect(h.shortener.creates[0]?.input).toEqual({ url: URL_A });
    expect(h.shortener.creates[0]?.options).toMatchObject({ priority: 'clipboard', offline: 'queue' });
    expect(h.clipboard.text).toBe(`${SHORT_HOST}/s100`);
    expect(h.notifier.last).toEqual({
      kind: 'created',
      title: 'Short link copied',
      body: `${SHORT_HOST}/s100 is on the clipboard, for ${URL_A}.`,
      actions: [
        { id: 'undo', label: 'Undo' },
        { id: 'undo-delete', label: 'Undo and delete link' },
      ],
      view: '/settings',
      // A newer outcome of the watch replaces this notice in the OS's list.
      group: 'clipboard',
    });
    expect(h.watcher.getState().lastAction).toMatchObject({
      kind: 'created',
      copied: URL_A,
      url: URL_A,
      shortUrl: `${SHORT_HOST}/s100`,
      linkId: 100,
      newLink: true,
      undoable: true,
      undone: null,
    });
  });

  it('polls at the configured interval', async () => {
    const h = harness({ enabled: true, pollIntervalMs: 150 });
    h.clipboard.copy(URL_A);
    await h.pass(149);
    expect(h.shortener.creates).toHaveLength(0);
    await h.pass(1);
    expect(h.shortener.creates).toHaveLength(1);
    // A change of interval applies from the next tick.
    h.watcher.configure({ ...h.watcher.settings, pollIntervalMs: 500 });
    const reads = h.clipboard.reads;
    await h.pass(499);
    expect(h.clipboard.reads).toBe(reads);
    await h.pass(1);
    expect(h.clipboard.reads).toBe(reads + 1);
  });

  it('does not act on what was on the clipboard before it was turned on', async () => {
    const h = harness({ enabled: false });
    h.clipboard.copy(URL_A);
    h.watcher.configure({ enabled: true });
    await h.pass(4_000);
    expect(h.shortener.creates).toHaveLength(0);
    await h.copy('https://example.com/new');
    expect(h.shortener.creates).toHaveLength(1);
  });

  it('ignores text that is not one URL, short URLs of the profile, and denied URLs', async () => {
    const h = harness({ enabled: true, rules: [{ match: 'intranet.corp', action: 'deny' }] });
    for (const text of [
      'hello world',
      `see ${URL_A}`,
      `${URL_A}\n${URL_A}2`,
      'javascript:alert(1)',
      `${SHORT_HOST}/abc`,
      'https://wiki.intranet.corp/page',
    ]) {
      await h.copy(text);
    }
    expect(h.shortener.creates).toHaveLength(0);
    expect(h.shortener.reuseCalls).toHaveLength(0);
    expect(h.notifier.shown).toHaveLength(0);
    expect(h.clipboard.writes).toHaveLength(0);
  });

  it('shortens only URLs an allow rule matches once there is one, with that rule\'s defaults and UTM', async () => {
    const h = harness({
      enabled: true,
      defaults: { channel: 1, utm: { source: 'linkdeck' } },
      rules: [{ match: '*.shop.com/*', action: 'allow', defaults: { campaign: 5, domain: 'https://go.brand.com', utm: { medium: 'social' } } }],
    });
    await h.copy('https://news.org/story');
    expect(h.shortener.creates).toHaveLength(0);
    await h.copy('https://www.shop.com/item?id=9#reviews');
    const tagged = 'https://www.shop.com/item?id=9&utm_source=linkdeck&utm_medium=social#reviews';
    expect(h.shortener.reuseCalls).toEqual([{ url: tagged, domain: 'https://go.brand.com' }]);
    expect(h.shortener.creates[0]?.input).toEqual({ url: tagged, domain: 'https://go.brand.com', channel: 1, campaign: 5 });
    expect(h.watcher.getState().lastAction).toMatchObject({ copied: 'https://www.shop.com/item?id=9#reviews', url: tagged, rule: '*.shop.com/*' });
  });
});

describe('clipboard watch: reuse or create', () => {
  it('puts an existing link\'s short URL on the clipboard instead of making a new one', async () => {
    const h = harness();
    h.shortener.reusable.set(URL_A, { id: 7, shortUrl: `${SHORT_HOST}/old` });
    await h.copy(URL_A);
    expect(h.shortener.creates).toHaveLength(0);
    expect(h.clipboard.text).toBe(`${SHORT_HOST}/old`);
    expect(h.notifier.last?.title).toBe('Existing short link copied');
    expect(h.notifier.last?.actions.map((a) => a.id)).toEqual(['undo']);
    expect(h.watcher.getState().lastAction).toMatchObject({ kind: 'reused', linkId: 7, newLink: false, undoable: true });
  });

  it('creates when the mirror cannot answer, or offers only a provisional link', async () => {
    const h = harness();
    h.shortener.findReusable = () => {
      throw new Error('database is locked');
    };
    await h.copy(URL_A);
    expect(h.shortener.creates).toHaveLength(1);
    expect(h.clipboard.text).toBe(`${SHORT_HOST}/s100`);

    const g = harness();
    g.shortener.reusable.set(URL_A, { id: -3, shortUrl: '' });
    await g.copy(URL_A);
    expect(g.shortener.creates).toHaveLength(1);
  });
});

describe('clipboard watch: paused and disabled', () => {
  it('reads nothing while paused and ignores what was copied meanwhile when resumed', async () => {
    const h = harness();
    h.watcher.setPaused(true);
    expect(h.watcher.getState()).toMatchObject({ paused: true, status: 'paused' });
    expect(h.clock.pending).toBe(0);
    const reads = h.clipboard.reads;
    h.clipboard.copy(URL_A);
    await h.pass(5_000);
    expect(h.clipboard.reads).toBe(reads);
    h.watcher.setPaused(false);
    expect(h.watcher.settings.paused).toBe(false);
    await h.pass(2_000);
    expect(h.shortener.creates).toHaveLength(0);
    await h.copy('https://example.com/after-resume');
    expect(h.shortener.creates).toHaveLength(1);
  });

  it('stops when turned off', async () => {
    const h = harness();
    h.watcher.configure({ enabled: false });
    expect(h.clock.pending).toBe(0);
    await h.copy(URL_A);
    expect(h.shortener.creates).toHaveLength(0);
    expect(h.watcher.getState().status).toBe('off');
  });

  it('does not write a result that arrives after a pause', async () => {
    const h = harness();
    const call = await h.copyHeld(URL_A);
    h.watcher.setPaused(true);
    call.answer.resolve({ id: 1, shortUrl: `${SHORT_HOST}/late` });
    await h.watcher.settled();
    expect(h.clipboard.text).toBe(URL_A);
    expect(h.watcher.getState().lastAction).toMatchObject({ kind: 'not-copied', shortUrl: `${SHORT_HOST}/late` });
  });
});

describe('clipboard watch: idle cost', () => {
  it('does one read and one comparison per tick while nothing changes', async () => {
    const h = harness();
    h.clipboard.copy('some text the person copied, not a URL');
    await h.pass(400);
    h.clipboard.copy(`${SHORT_HOST}/already-short`);
    await h.pass(400);
    const reads = h.clipboard.reads;
    const knownCalls = h.known.calls;
    const states = h.states.length;
    await h.pass(400 * 1_000);
    expect(h.clipboard.reads - reads).toBe(1_000);
    expect(h.known.calls).toBe(knownCalls); // the unchanged text is not parsed again
    expect(h.shortener.reuseCalls).toHaveLength(0);
    expect(h.shortener.creates).toHaveLength(0);
    expect(h.notifier.shown).toHaveLength(0);
    expect(h.states.length).toBe(states); // nothing published either
    expect(h.clock.pending).toBe(1); // one timer, never more
  });

  it('does not read the clipboard while a URL is being shortened', async () => {
    const h = harness();
    const call = await h.copyHeld(URL_A);
    expect(h.watcher.getState().status).toBe('working');
    const reads = h.clipboard.reads;
    h.clock.advance(4_000);
    expect(h.clipboard.reads).toBe(reads);
    call.answer.resolve({ id: 1, shortUrl: `${SHORT_HOST}/x` });
    await h.watcher.settled();
    expect(h.watcher.getState().status).toBe('watching');
  });
});

describe('clipboard watch: settings and state', () => {
  it('refuses invalid settings and keeps the ones in force', async () => {
    const h = harness({ enabled: true, pollIntervalMs: 200 });
    const result = h.watcher.configure({ enabled: true, pollIntervalMs: 5, rules: [{ match: '/(a)\\1/', action: 'deny' }] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((i) => i.path.join('.'))).toEqual(['pollIntervalMs', 'rules.0.match']);
    expect(h.watcher.settings.pollIntervalMs).toBe(200);
    await h.copy(URL_A);
    expect(h.shortener.creates).toHaveLength(1);
  });

  it('publishes watching → working → watching around a shortening, and off when disposed', async () => {
    const h = harness();
    h.states.length = 0;
    await h.copy(URL_A);
    const statuses = h.states.map((s) => s.status).filter((status, i, all) => status !== all[i - 1]);
    expect(statuses).toEqual(['working', 'watching']);
    expect(h.states.at(-1)?.lastAction?.kind).toBe('created');
    await h.watcher.dispose();
    expect(h.states.at(-1)?.status).toBe('off');
    expect(h.clock.pending).toBe(0);
  });

  it('keeps going when a state listener throws', async () => {
    const logs: string[] = [];
    const h = harness({ enabled: true }, { log: (m) => logs.push(m) });
    h.watcher.onState(() => {
      throw new Error('listener bug');
    });
    await h.copy(URL_A);
    expect(h.clipboard.text).toBe(`${SHORT_HOST}/s100`);
    expect(logs.some((l) => l.includes('listener bug'))).toBe(true);
  });
});
